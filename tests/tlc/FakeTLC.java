// A stand-in for tlc2.TLC with TLC's in-process entry points, for tests/tlc/test_inprocess.py.
// It replays a recording given by "-fakerecording DIR", refuses to run twice in one class
// loader (as real TLC cannot: static state), and its main() ends the JVM, which the in-process
// driver must never call.
package tlc2;

import java.nio.file.Files;
import java.nio.file.Path;

public class TLC {
    private static int runs = 0;
    private Path recording;

    public boolean handleParameters(String[] args) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("-fakerecording")) {
                recording = Path.of(args[i + 1]);
            }
        }
        return recording != null;
    }

    public int process() throws Exception {
        if (runs++ > 0) {
            System.out.println("static state from an earlier run: a class loader was reused");
            return 255;
        }
        System.out.print(Files.readString(recording.resolve("tool.out")));
        String code = Files.readString(recording.resolve("exit-code")).replaceAll("[^0-9]", "");
        return Integer.parseInt(code);
    }

    public static void main(String[] args) {
        System.exit(99);
    }
}
