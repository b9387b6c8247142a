// Operator documentation from ONNX's schema registry (libonnx): what the sidebar shows for a node
// and the names of an op's inputs and outputs ("X", "scale", "B", "input_mean", "input_var").
// Contrib ops of ONNX Runtime (com.microsoft) are not in ONNX's registry: those the optimizer
// emits come from contrib_op_docs.h (domain "com.microsoft" in the result), others are not found.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace onnxlens::api {

struct OpFormalParameter {
  std::string name;
  std::string description;
  std::string type;    ///< type string or constraint name ("T")
  std::string option;  ///< "", "optional" or "variadic"
};

struct OpAttributeDoc {
  std::string name;
  std::string description;
  std::string type;  ///< "INT", "FLOATS", ...
  bool required = false;
};

struct OpTypeConstraint {
  std::string name;
  std::vector<std::string> allowed;
  std::string description;
};

struct OpDoc {
  std::string domain;  ///< "" for ai.onnx
  std::string op_type;
  int64_t since_version = 0;
  std::string doc;  ///< the schema's documentation (Markdown)
  bool deprecated = false;
  std::vector<OpFormalParameter> inputs, outputs;
  std::vector<OpAttributeDoc> attributes;
  std::vector<OpTypeConstraint> type_constraints;
};

/// The schema of `op_type` in `domain` ("" or "ai.onnx") as of `opset`; nullopt when unknown.
std::optional<OpDoc> FindOpDoc(const std::string& domain, const std::string& op_type,
                               int64_t opset);

}  // namespace onnxlens::api
