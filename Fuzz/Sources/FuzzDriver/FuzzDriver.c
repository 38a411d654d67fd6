// Nothing to compile: LLVMFuzzerRunDriver comes from libFuzzer. SwiftPM needs one source file.
#include "FuzzDriver.h"
