/* A shared library that exports no FMI function at all: packed as an
 * FMU's binary, it lets the check tests see every missing-function rule
 * fire without depending on a system library's contents. */
int smcCheckNotAnFmu(int x);

int smcCheckNotAnFmu(int x) { return x + 1; }
