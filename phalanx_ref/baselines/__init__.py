"""Recovery/placement baselines run beside HDF-B: topology-blind replacement and seed 003's
backtracking GangNavigator. Both are pure: they read a planner's state and return leaves."""
