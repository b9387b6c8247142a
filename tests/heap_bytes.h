// The bytes tcmalloc has handed out and not got back, for tests and benchmarks that measure what a
// step holds; -1 without tcmalloc (the sanitizer builds bring their own allocator).
#pragma once

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>

namespace onnxlens::testing {

inline int64_t TcmallocHeapBytes() {
  using Get = int (*)(const char*, size_t*);
  static const auto get =
      reinterpret_cast<Get>(dlsym(RTLD_DEFAULT, "MallocExtension_GetNumericProperty"));
  size_t bytes = 0;
  if (!get || !get("generic.current_allocated_bytes", &bytes)) return -1;
  return static_cast<int64_t>(bytes);
}

}  // namespace onnxlens::testing
