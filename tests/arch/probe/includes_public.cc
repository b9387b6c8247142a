// Must compile: the twin of includes_internal.cc with only public headers, so the failure of that
// probe is the include and nothing else.
#include "api/partition.h"
#include "api/run.h"
#include "common/progress.h"

int ProbePublic() { return static_cast<int>(onnxlens::api::ExecutionProviderNames().size()); }
