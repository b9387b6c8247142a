// Trace events: the plain data is defined in common/trace_event.h (the API and the GUI use it
// without core/profiling); profiling's own code keeps including this name.
#pragma once

#include "common/trace_event.h"
