// Loading and saving: inferred shapes reach the IR, checker failures are warnings, the input
// model is never overwritten, and a load can be cancelled.
#include "onnx/model_io.h"

#include <gtest/gtest.h>

#include <google/protobuf/text_format.h>
#include <onnx/onnx_pb.h>

#include "common/file_util.h"
#include "onnx/node_validator.h"
#include "test_jobs.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

TEST(ModelIoTest, ShapeInferenceGivesEveryValueOfTheSampleAType) {
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_TRUE(loaded->checker_passed);
  EXPECT_TRUE(loaded->shape_inference_complete);
  const ir::Graph& g = *loaded->model->graph;
  for (const ir::Value* v : g.values()) {
    EXPECT_TRUE(v->type().is_tensor()) << v->name();
  }
  const ir::Value* logits = g.FindLocalValue("/head/logits");
  ASSERT_NE(logits, nullptr);
  EXPECT_EQ(ir::TypeToString(logits->type()), "float32[batch,10]");
  const ir::Value* stem = g.FindLocalValue("/stem/relu_out");
  ASSERT_NE(stem, nullptr);
  EXPECT_EQ(ir::TypeToString(stem->type()), "float32[batch,16,32,32]");
}

TEST(ModelIoTest, ACheckerFailureIsAWarningNotAnError) {
  // The sample with an op the schema registry does not know still loads.
  auto bytes = ReadFile(testing::SampleModel(), 1 << 24);
  ASSERT_TRUE(bytes.ok());
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  loaded->model->graph->nodes()[0]->set_op_type("NoSuchOp");
  testing::TempDir tmp;
  ASSERT_TRUE(SaveModelFile(*loaded->model, tmp.path() / "x.onnx").ok());
  auto again = LoadModelFile(tmp.path() / "x.onnx");
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_FALSE(again->checker_passed);
  ASSERT_FALSE(again->warnings.empty());
  EXPECT_NE(again->warnings[0].find("NoSuchOp"), std::string::npos) << again->warnings[0];
}

TEST(ModelIoTest, SaveRefusesToOverwriteAProtectedFileUnlessForced) {
  testing::TempDir tmp;
  const fs::path in = tmp.path() / "in.onnx";
  fs::copy_file(testing::SampleModel(), in);
  auto loaded = LoadModelFile(in);
  ASSERT_TRUE(loaded.ok());
  SaveOptions so;
  so.protected_paths = {in};
  Status st = SaveModelFile(*loaded->model, in, so);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("refusing to overwrite"), std::string::npos);
  so.force = true;
  EXPECT_TRUE(SaveModelFile(*loaded->model, in, so).ok());
}

TEST(ModelIoTest, AWrittenFileNamesOnnxlensAsProducerAndKeepsTheSourcesInItsMetadata) {
  // An optimized PyTorch export read "onnxlens 1.13.0": our name with PyTorch's version.
  testing::TempDir tmp;
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  ir::Model& m = *loaded->model;
  m.producer_name = "pytorch";
  m.producer_version = "1.13.0";
  const fs::path out = tmp.path() / "out.onnx";
  ASSERT_TRUE(SaveModelFile(m, out).ok());
  auto again = LoadModelFile(out);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->model->producer_name, "onnxlens");
  EXPECT_EQ(again->model->producer_version, ONNXLENS_TEST_VERSION);
  std::vector<std::string> sources;
  for (const auto& [k, v] : again->model->metadata)
    if (k == kSourceProducerKey) sources.push_back(v);
  EXPECT_EQ(sources, std::vector<std::string>{"pytorch 1.13.0"});
  // Written again (an export of an export), the first source stays the only one.
  const fs::path out2 = tmp.path() / "out2.onnx";
  ASSERT_TRUE(SaveModelFile(*again->model, out2).ok());
  auto third = LoadModelFile(out2);
  ASSERT_TRUE(third.ok());
  sources.clear();
  for (const auto& [k, v] : third->model->metadata)
    if (k == kSourceProducerKey) sources.push_back(v);
  EXPECT_EQ(sources, std::vector<std::string>{"pytorch 1.13.0"});
}

TEST(ModelIoTest, SaveIntoAMissingDirectoryFailsClearly) {
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok());
  Status st = SaveModelFile(*loaded->model, "/nonexistent/dir/out.onnx");
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("does not exist"), std::string::npos);
}

TEST(ModelIoTest, ACancelledLoadStopsWithCancelled) {
  auto loaded = LoadModelFile(testing::SampleModel(), {}, testing::CancelledJob());
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), StatusCode::kCancelled);
}

TEST(ModelIoTest, ProgressReportsStageCodesInOrder) {
  testing::RecordingJob recorder;
  ASSERT_TRUE(LoadModelFile(testing::SampleModel(), {}, recorder.job).ok());
  const std::vector<double> seen = recorder.fractions();
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(seen.back(), 1.0);
  std::vector<Stage> stages;
  for (const Progress& p : recorder.reports) stages.push_back(p.stage);
  const std::vector<Stage> expected = {Stage::kReadingFile,   Stage::kParsing,
                                       Stage::kChecking,      Stage::kInferringShapes,
                                       Stage::kBuildingGraph, Stage::kBuildingGraph};
  EXPECT_EQ(stages, expected);
}

// libonnx's Conv / pooling inference divides by the strides: a stride of 0 crashed the loader
// (SIGFPE) before any of our code ran. Now the load skips inference with a warning naming the node,
// and validation refuses the model.
TEST(ModelIoTest, AZeroStrideSkipsShapeInferenceAndValidationRefusesIt) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(17);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("g");
  for (const char* name : {"x", "w"}) {
    onnx::ValueInfoProto* in = g->add_input();
    in->set_name(name);
    auto* t = in->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    for (int64_t d : {1, 1, 4, 4}) t->mutable_shape()->add_dim()->set_dim_value(d);
  }
  g->add_output()->set_name("y");
  g->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  onnx::NodeProto* conv = g->add_node();
  conv->set_op_type("Conv");
  conv->set_name("conv");
  conv->add_input("x");
  conv->add_input("w");
  conv->add_output("y");
  onnx::AttributeProto* strides = conv->add_attribute();
  strides->set_name("strides");
  strides->set_type(onnx::AttributeProto::INTS);
  strides->add_ints(0);
  strides->add_ints(0);
  EXPECT_EQ(FindShapeInferenceHazard(m), "node 'conv' (Conv): strides must be positive, got 0");
  auto loaded = LoadModelFromBytes(m.SerializeAsString(), {}, "zero_stride.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  bool warned = false;
  for (const std::string& w : loaded->warnings)
    warned |= w.find("shape inference skipped: node 'conv' (Conv)") != std::string::npos;
  EXPECT_TRUE(warned);
  const Status st = ValidateModel(*loaded->model);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("strides must be positive"), std::string::npos) << st.message();
}

// libonnx's Scan inference dereferences num_scan_inputs without checking it is there (a fuzzed
// file crashed the loader): a missing required attribute skips shape inference with a warning.
TEST(ModelIoTest, AMissingRequiredAttributeSkipsShapeInference) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(11);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("g");
  onnx::ValueInfoProto* in = g->add_input();
  in->set_name("x");
  auto* t = in->mutable_type()->mutable_tensor_type();
  t->set_elem_type(onnx::TensorProto::FLOAT);
  t->mutable_shape()->add_dim()->set_dim_value(2);
  g->add_output()->set_name("y");
  onnx::NodeProto* scan = g->add_node();
  scan->set_op_type("Scan");
  scan->set_name("scan");
  scan->add_input("x");
  scan->add_output("y");
  onnx::AttributeProto* body = scan->add_attribute();
  body->set_name("body");
  body->set_type(onnx::AttributeProto::GRAPH);
  body->mutable_g()->set_name("body");
  EXPECT_EQ(FindShapeInferenceHazard(m),
            "node 'scan' (Scan): the required attribute 'num_scan_inputs' is missing");
  auto loaded = LoadModelFromBytes(m.SerializeAsString(), {}, "scan.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  EXPECT_FALSE(loaded->shape_inference_complete);
  bool warned = false;
  for (const std::string& w : loaded->warnings)
    warned |= w.find(
                  "shape inference skipped: node 'scan' (Scan): the required attribute "
                  "'num_scan_inputs' is missing") != std::string::npos;
  EXPECT_TRUE(warned);
  EXPECT_FALSE(ValidateModel(*loaded->model).ok());

  // Its twin with the attribute of the wrong type is refused the same way; with the right type
  // there is no hazard.
  onnx::AttributeProto* n = scan->add_attribute();
  n->set_name("num_scan_inputs");
  n->set_type(onnx::AttributeProto::FLOAT);
  EXPECT_EQ(FindShapeInferenceHazard(m),
            "node 'scan' (Scan): attribute 'num_scan_inputs' is of type FLOAT, expected INT");
  n->set_type(onnx::AttributeProto::INT);
  n->set_i(1);
  EXPECT_EQ(FindShapeInferenceHazard(m), "");
}

// Gemm before opset 7: libonnx's inference indexed B's second dimension without checking its rank
// and read past the end (a fuzzed file crashed the loader). Now an inference warning naming the
// input; its twin with a rank-2 B still gets its output shape inferred.
TEST(ModelIoTest, AnOldGemmWithARankOneInputIsAnInferenceWarningNotACrash) {
  auto model_with_b = [](const char* b_dims) {
    const std::string text = std::string(R"(
      ir_version: 3
      opset_import { version: 6 }
      graph {
        name: "g"
        node { input: "a" input: "b" input: "c" output: "y" op_type: "Gemm" name: "gemm" }
        input { name: "a" type { tensor_type { elem_type: 1
                shape { dim { dim_value: 2 } dim { dim_value: 3 } } } } }
        input { name: "b" type { tensor_type { elem_type: 1 shape { )") +
                             b_dims + R"( } } } }
        input { name: "c" type { tensor_type { elem_type: 1 shape { dim { dim_value: 4 } } } } }
        output { name: "y" type { tensor_type { elem_type: 1 } } }
      })";
    onnx::ModelProto m;
    EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &m));
    return m.SerializeAsString();
  };
  auto bad = LoadModelFromBytes(model_with_b("dim { dim_value: 3 }"), {}, "gemm6.onnx");
  ASSERT_TRUE(bad.ok()) << bad.status().message();
  EXPECT_FALSE(bad->shape_inference_complete);
  bool warned = false;
  for (const std::string& w : bad->warnings)
    warned |= w.find("Gemm input 1 has rank 1, expected 2") != std::string::npos;
  EXPECT_TRUE(warned);

  auto good = LoadModelFromBytes(model_with_b("dim { dim_value: 3 } dim { dim_value: 4 }"), {},
                                 "gemm6.onnx");
  ASSERT_TRUE(good.ok()) << good.status().message();
  EXPECT_TRUE(good->shape_inference_complete);
  const ir::Value* y = good->model->graph->outputs()[0];
  ASSERT_TRUE(y->type().shape.has_value());
  ASSERT_EQ(y->type().shape->size(), 2u);
  EXPECT_EQ((*y->type().shape)[0].value, 2);
  EXPECT_EQ((*y->type().shape)[1].value, 4);
}

// Shape-15's data propagation read its input's type without checking there is one: Shape of a
// custom op's output crashed the loader (found by fuzz_model). Its twin, Shape of a typed value
// feeding Reshape, still propagates the shape data (Reshape's output gets [2, 3]).
TEST(ModelIoTest, ShapeOfAnUntypedValueLoadsAndTypedOnesStillPropagateData) {
  auto load = [](const std::string& text) {
    onnx::ModelProto m;
    EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &m));
    return LoadModelFromBytes(m.SerializeAsString(), {}, "shape.onnx");
  };
  auto custom = load(R"(
    ir_version: 8
    opset_import { version: 15 }
    opset_import { domain: "my.domain" version: 1 }
    graph {
      name: "g"
      node { input: "a" output: "x" op_type: "MyOp" domain: "my.domain" name: "custom" }
      node { input: "x" output: "y" op_type: "Shape" name: "shape" }
      input { name: "a" type { tensor_type { elem_type: 1 shape { dim { dim_value: 2 } } } } }
      output { name: "y" type { tensor_type { elem_type: 7 } } }
    })");
  ASSERT_TRUE(custom.ok()) << custom.status().message();

  auto typed = load(R"(
    ir_version: 8
    opset_import { version: 15 }
    graph {
      name: "g"
      node { input: "b" output: "s" op_type: "Shape" name: "shape" }
      node { input: "a" input: "s" output: "r" op_type: "Reshape" name: "reshape" }
      input { name: "a" type { tensor_type { elem_type: 1 shape { dim { dim_value: 6 } } } } }
      input { name: "b" type { tensor_type { elem_type: 1
              shape { dim { dim_value: 2 } dim { dim_value: 3 } } } } }
      output { name: "r" type { tensor_type { elem_type: 1 } } }
    })");
  ASSERT_TRUE(typed.ok()) << typed.status().message();
  const ir::Value* r = typed->model->graph->outputs()[0];
  ASSERT_TRUE(r->type().shape.has_value());
  ASSERT_EQ(r->type().shape->size(), 2u);
  EXPECT_EQ((*r->type().shape)[0].value, 2);
  EXPECT_EQ((*r->type().shape)[1].value, 3);
}

// EyeLike's inference dereferenced the type of an input defined nowhere (found by fuzz_model; the
// importer then refuses the model, naming the input). A graph input without a type reaches the
// same inference: a required input without a type is an inference warning naming the op and
// input. Its twin with a typed input still gets the output shape.
TEST(ModelIoTest, ARequiredInputWithoutATypeIsAnInferenceWarningNotACrash) {
  auto load = [](const char* inputs) {
    onnx::ModelProto m;
    EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(std::string(R"(
          ir_version: 4
          opset_import { version: 9 }
          graph {
            name: "g"
            node { input: "x" output: "y" op_type: "EyeLike" name: "eye" }
            output { name: "y" type { tensor_type { elem_type: 1 } } }
            )") + inputs + "}",
                                                              &m));
    return LoadModelFromBytes(m.SerializeAsString(), {}, "eyelike.onnx");
  };
  auto undefined = load("");
  ASSERT_FALSE(undefined.ok());
  EXPECT_NE(undefined.status().message().find("input #0 'x' is not defined"), std::string::npos)
      << undefined.status().message();

  auto untyped = load(R"(input { name: "x" })");
  ASSERT_TRUE(untyped.ok()) << untyped.status().message();
  EXPECT_FALSE(untyped->shape_inference_complete);
  bool warned = false;
  for (const std::string& w : untyped->warnings)
    warned |= w.find("EyeLike input 0 has no type") != std::string::npos;
  EXPECT_TRUE(warned);

  auto typed = load(R"(input { name: "x" type { tensor_type { elem_type: 1
                       shape { dim { dim_value: 2 } dim { dim_value: 3 } } } } })");
  ASSERT_TRUE(typed.ok()) << typed.status().message();
  EXPECT_TRUE(typed->shape_inference_complete);
  const ir::Value* y = typed->model->graph->outputs()[0];
  ASSERT_TRUE(y->type().shape.has_value());
  EXPECT_EQ(y->type().shape->size(), 2u);
}

// convPoolShapeInference takes the spatial rank from X and indexed X's dims with W's rank: a
// rank-3 X with a rank-4 W read past the end (ConvInteger; found by fuzz_model). Now an inference
// warning naming the op and input, as is a kernel_shape of the wrong length; the twin with agreeing
// ranks still gets y's shape.
TEST(ModelIoTest, AConvWhoseWeightRankDiffersFromItsInputIsAnInferenceWarningNotACrash) {
  auto load = [](const char* x_dims, const char* attrs) {
    onnx::ModelProto m;
    EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(std::string(R"(
          ir_version: 7
          opset_import { version: 11 }
          graph {
            name: "g"
            node { input: "x" input: "w" output: "y" op_type: "Conv" name: "conv" )") +
                                                                  attrs + R"( }
            input { name: "x" type { tensor_type { elem_type: 1 shape { )" +
                                                                  x_dims + R"( } } } }
            input { name: "w" type { tensor_type { elem_type: 1 shape {
                    dim { dim_value: 1 } dim { dim_value: 1 } dim { dim_value: 2 }
                    dim { dim_value: 2 } } } } }
            output { name: "y" type { tensor_type { elem_type: 1 } } }
          })",
                                                              &m));
    return LoadModelFromBytes(m.SerializeAsString(), {}, "conv.onnx");
  };
  auto warned = [](const Expected<LoadedModel>& loaded, const std::string& what) {
    bool found = false;
    for (const std::string& w : loaded->warnings) found |= w.find(what) != std::string::npos;
    return found;
  };
  const char* rank3 = "dim { dim_value: 1 } dim { dim_value: 1 } dim { dim_value: 3 }";
  const char* rank4 =
      "dim { dim_value: 1 } dim { dim_value: 1 } dim { dim_value: 3 } dim { dim_value: 3 }";
  auto bad = load(rank3, "");
  ASSERT_TRUE(bad.ok()) << bad.status().message();
  EXPECT_TRUE(warned(bad, "Conv input 1 (the weight) has rank 4, expected 3 as input 0"));
  auto kernel = load(rank4, R"(attribute { name: "kernel_shape" ints: 2 ints: 2 ints: 2
                                          type: INTS })");
  ASSERT_TRUE(kernel.ok()) << kernel.status().message();
  EXPECT_TRUE(warned(kernel, "Conv attribute kernel_shape has 3 values, expected 2"));

  auto good = load(rank4, "");
  ASSERT_TRUE(good.ok()) << good.status().message();
  EXPECT_TRUE(good->shape_inference_complete);
  const ir::Value* y = good->model->graph->outputs()[0];
  ASSERT_TRUE(y->type().shape.has_value());
  ASSERT_EQ(y->type().shape->size(), 4u);
  EXPECT_EQ((*y->type().shape)[3].value, 2);
}

}  // namespace
}  // namespace onnxlens::onnx_io
