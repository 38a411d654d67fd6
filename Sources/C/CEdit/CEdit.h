// libedit (Debian's libedit-dev), through its readline-compatible interface: navctl attach's
// line editing, history and history file.
#include <stdio.h>
#include <editline/readline.h>
