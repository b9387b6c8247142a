// Must NOT compile: built with exactly the usage requirements widgets/ and app/ get from
// onnxlens_api, it includes a core internal header. tests/CMakeLists.txt's
// arch.InternalHeaderDoesNotCompileOutsideCore expects the compiler to say it cannot find it.
#include "api/run.h"
#include "runtime/session.h"

int ProbeInternal() { return 0; }
