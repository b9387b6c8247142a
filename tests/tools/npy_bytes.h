// .npy bytes for tests and the malformed-file corpus (tests/tools/make_test_models.cc,
// tests/api/value_io_test.cc): any header text, padded as numpy pads it, and any data.
#pragma once

#include <string>

namespace onnxlens::testing {

/// Magic, version `major`.0, the header length (2 bytes for 1.0, else 4), `header` padded with
/// spaces and a newline to a multiple of 64 bytes, then `data`.
inline std::string Npy(std::string header, const std::string& data, int major = 1) {
  const size_t prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
  for (size_t i = 0; i < prefix - 8; ++i)
    out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return out + header + data;
}

/// The header numpy writes: "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), }".
inline std::string NpyHeader(const std::string& descr, const std::string& shape,
                             const std::string& fortran = "False") {
  return "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }";
}

}  // namespace onnxlens::testing
