"""What SANY interns when it parses each of TLC's standard modules: the distinct tokens in
text order, the modules it names (EXTENDS, INSTANCE) and its string literals, as
interning.module_tokens reads them from the modules shipped in tla2tools (tlaplus/tlaplus
at cc6b616cf7e7, tla2sany/StandardModules). Data, not code: the order TLC reads names in
(see interning.py); tests/checker/test_string_order.py holds TLC's own intern-table order."""

# module: (tokens, extends, instances, strings)
STD_TOKENS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    'Bags': (
        ('Bags', 'EXTENDS', 'TLC', 'LOCAL', 'INSTANCE', 'Naturals', 'IsABag', 'B', 'DOMAIN', 'n', 'Nat', '0', 'BagToSet', 'SetToBag', 'S', 'e', '1', 'BagIn', 'EmptyBag', 'B1', 'B2', 'IF', 'THEN', 'ELSE', 'LET', 'IN', 'd', 'Sum', 'f', 'DSum', 'SUBSET', 'elt', 'CHOOSE', 'TRUE', 'BagUnion', 'UNION', 'SubBag', 'RemoveFromDom', 'x', 'y', 'Combine', 'BagSet', 'i', 'Biggest', 'Range', 'r', 's', 'RSB', 'BB', 'BagOfAll', 'F', '_', 'BagCardinality', 'CopiesIn'),
        ('TLC',),
        ('Naturals',),
        ()),
    'FiniteSets': (
        ('FiniteSets', 'LOCAL', 'INSTANCE', 'Naturals', 'Sequences', 'IsFiniteSet', 'S', 'seq', 'Seq', 's', 'n', '1', 'Len', 'Cardinality', 'LET', 'CS', 'T', 'SUBSET', 'IF', 'THEN', '0', 'ELSE', 'CHOOSE', 'x', 'IN'),
        (),
        ('Naturals', 'Sequences'),
        ()),
    'Integers': (
        ('Integers', 'EXTENDS', 'Naturals', 'Int', 'a', '0'),
        ('Naturals',),
        (),
        ()),
    'Json': (
        ('Json', 'LOCAL', 'INSTANCE', 'Sequences', 'FiniteSets', 'TLC', 'IsSequence', 'F', 'D', 'TRUE', 'FALSE', 'ToJsonKeyValue', 'd', 'ToString', 'RECURSIVE', 'ToJsonObjectString', '_', 'LET', 'CHOOSE', 'IN', 'IF', 'DOMAIN', 'THEN', 'ELSE', 'ToJsonArrayString', 'ToJsonString', 'IsFiniteSet', 'ToJson', 'value', 'ToJsonArray', 'ToJsonObject', 'JsonSerialize', 'absoluteFilename', 'JsonDeserialize', 'val', 'ndJsonSerialize', 'ndJsonDeserialize'),
        (),
        ('Sequences', 'FiniteSets', 'TLC'),
        (':', '{', '}', ', ', '}', '[', ']', ', ', ']', '{}', '[]', '{}')),
    'Naturals': (
        ('Naturals', 'Nat', 'a', 'b', 'CHOOSE', 'n', 'TRUE'),
        (),
        (),
        ()),
    'Randomization': (
        ('Randomization', 'LOCAL', 'INSTANCE', 'Naturals', 'FiniteSets', 'RandomSubset', 'k', 'S', 'CHOOSE', 'T', 'SUBSET', 'Cardinality', 'RandomSetOfSubsets', 'n', 'TestRandomSetOfSubsets', 'i', '1', '5'),
        (),
        ('Naturals', 'FiniteSets'),
        ()),
    'RealTime': (
        ('RealTime', 'EXTENDS', 'Reals', 'VARIABLE', 'now', 'RTBound', 'A', 'v', 'D', 'E', 'LET', 'TNext', 't', 'IF', 'ENABLED', 'THEN', '0', 'ELSE', 'Timer', 'MaxTime', 'MinTime', 'IN', 'RTnow', 'NowNext', 'r', 'Real', 'UNCHANGED', 'WF_'),
        ('Reals',),
        (),
        ()),
    'Reals': (
        ('Reals', 'EXTENDS', 'Integers', 'Real', 'a', 'b', 'CHOOSE', 'm', 'Infinity', 'i', 'r'),
        ('Integers',),
        (),
        ('Reals',)),
    'Sequences': (
        ('Sequences', 'LOCAL', 'INSTANCE', 'Naturals', 'Seq', 'S', 'UNION', '1', 'n', 'Nat', 'Len', 's', 'CHOOSE', 'DOMAIN', 't', 'i', 'IF', 'THEN', 'ELSE', 'Append', 'e', 'Head', 'Tail', 'CASE', 'SubSeq', 'm', 'SelectSeq', 'Test', '_', 'LET', 'F', '0', 'IN'),
        (),
        ('Naturals',),
        ()),
    'TLC': (
        ('TLC', 'LOCAL', 'INSTANCE', 'Naturals', 'Sequences', 'FiniteSets', 'Print', 'out', 'val', 'PrintT', 'TRUE', 'Assert', 'IF', 'THEN', 'ELSE', 'CHOOSE', 'v', 'JavaTime', 'n', 'Nat', 'TLCGet', 'i', 'TLCSet', 'd', 'e', 'x', 'f', 'g', 'DOMAIN', 'Permutations', 'S', 'w', 'SortSeq', 's', 'Op', '_', 'LET', 'Perm', 'p', '1', 'Len', 'j', 'IN', 'RandomElement', 'Any', 'ToString', 'a', 'b', 'STRING', 'TLCEval'),
        (),
        ('Naturals', 'Sequences', 'FiniteSets'),
        ()),
    'TLCExt': (
        ('TLCExt', 'LOCAL', 'INSTANCE', 'TLC', 'Integers', 'AssertEq', 'a', 'b', 'IF', 'THEN', 'PrintT', 'ELSE', 'AssertError', 'err', 'exp', 'LET', 'FailsEval', 'e', 'CHOOSE', 'BOOLEAN', 'TRUE', 'TLCError', 's', 'STRING', 'IN', 'Assert', 'TLCGetOrDefault', 'key', 'defaultVal', 'n', 'TLCGetAndSet', 'Op', '_', 'val', 'oldVal', 'v', 'TLCSet', 'Trace', 'CounterExample', 'ToTrace', 'CE', 'TLCModelValue', 'str', 'ToString', 'TLCDefer', 'expression', 'TLCNoOp', 'PickSuccessor', 'bool', 'TLCCache', 'closure', 'TLCFP', 'var', 'i', 'Int', 'TLCEvalDefinition', 'definitionName'),
        (),
        ('TLC', 'Integers'),
        ('Assertion failed',)),
    'Toolbox': (
        ('Toolbox', 'LOCAL', 'INSTANCE', 'Naturals', 'FiniteSets', 'TLC', '_TETrace', 'CHOOSE', 'f', 'Nat', '0', 'STRING', 'TRUE', '_TETraceLength', 'Cardinality', 'DOMAIN', '_TEPosition', 'IF', 'TLCGet', 'THEN', 'ELSE', '1'),
        (),
        ('Naturals', 'FiniteSets', 'TLC'),
        ('level', 'level', 'level')),
    '_TLCTrace': (
        ('_TLCTrace', 'LOCAL', 'INSTANCE', 'TLC', 'TLCExt', 'Sequences', 'Naturals', '_TLCTraceDeserialize', 'absoluteFilename', 'TRUE', '_TLCTraceSerialize', 'val', 'CONSTANT', '_TLCTraceFile', '_TLCTrace0', 'verbose', 'IF', 'CounterExample', 'state', 'DOMAIN', 'FALSE', 'THEN', 'ELSE', 'LET', 'trace', 'ToTrace', 'vars', 'UNION', 'i', 'IN', 'counterexample', 'PrintT', '_TLCTraceSilent', '_TLCTraceInputFile', '_TLCTraceFileDeserialized', '_TLCState', 'level', 'Trace', '_TLCTraceLassoTarget', 'actions', 'e', '3', '1', 'CHOOSE', '0', '_TLCTraceConstraint', 'TLCGet', 'dump', 'pair', 'v', '2', '_TLCTraceView', 'lassoTarget'),
        (),
        ('TLC', 'TLCExt', 'Sequences', 'Naturals'),
        ('console', 'console', 'CounterExample written: ', 'counterexample', 'action', 'level', 'counterexample', 'state', 'vars', 'level', 'counterexample', 'state')),
}
