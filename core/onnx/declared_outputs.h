// The declared types of a graph's outputs, set aside before ONNX shape inference and merged back
// after it. ONNX's inference fails the whole model when a declared output shape disagrees with
// what it infers; set aside, the disagreement becomes a warning that names the output and both
// types, and inference goes on for the rest of the graph.
#pragma once

#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace onnxlens::onnx_io {

class DeclaredOutputs {
 public:
  /// Saves and clears the type of every tensor output of `graph` that one of its nodes computes
  /// (outputs that are inputs or initializers keep theirs: inference would not touch them).
  explicit DeclaredOutputs(onnx::GraphProto* graph);

  /// After inference: each output gets its declared type merged with the inferred one as ONNX
  /// merges them (a known dimension wins over a symbolic one, the declared name over the
  /// inferred one); where they disagree (element type, rank or a known dimension) the declared
  /// type is kept and a warning says so. Call once.
  std::vector<std::string> MergeBack();

 private:
  struct Saved {
    int index;
    onnx::TypeProto declared;
  };
  onnx::GraphProto* graph_;
  std::vector<Saved> saved_;
};

}  // namespace onnxlens::onnx_io
