// The load cache (SetLoadCacheEnabled): the same file loaded again gives an equal model of its
// own (a clone: changing one changes no other), or to a reader (LoadSharedModelFile) the kept
// model itself — also of a file loaded before the last one while its model is still held — and
// any change of the bytes, the options or an external data file gives what the file now holds.
#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <fstream>

#include "ir/model.h"
#include "ir/text_format.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

// Turns the cache on for one test and off (dropping what it kept) after it.
struct CacheOn {
  CacheOn() { SetLoadCacheEnabled(true); }
  ~CacheOn() { SetLoadCacheEnabled(false); }
};

// x float[N, 4] -> Relu -> y, N a free dimension "n"; `op` replaces Relu.
void WriteModel(const fs::path& path, const std::string& op) {
  const std::string text = R"(ir_version: 8
opset_import { domain: "" version: 17 }
graph {
  name: "g"
  node { input: "x" output: "y" name: "the_node" op_type: ")" +
                           op + R"(" }
  input { name: "x" type { tensor_type { elem_type: 1 shape { dim { dim_param: "n" } dim { dim_value: 4 } } } } }
  output { name: "y" type { tensor_type { elem_type: 1 shape { dim { dim_param: "n" } dim { dim_value: 4 } } } } }
})";
  onnx::ModelProto proto;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &proto));
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  ASSERT_TRUE(proto.SerializeToOstream(&out));
}

std::string OpOf(const LoadedModel& m) { return m.model->graph->nodes().front()->op_type(); }

TEST(LoadCache, TheSameFileAgainIsAnEqualModelOfItsOwn) {
  CacheOn on;
  testing::TempDir dir;
  const fs::path p = dir.path() / "m.onnx";
  WriteModel(p, "Relu");
  auto a = LoadModelFile(p);
  ASSERT_TRUE(a.ok()) << a.status().message();
  auto b = LoadModelFile(p);
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_NE(a->model.get(), b->model.get());
  EXPECT_EQ(ir::ModelToText(*a->model), ir::ModelToText(*b->model));
  EXPECT_EQ(a->warnings, b->warnings);
  EXPECT_EQ(a->checker_passed, b->checker_passed);
  EXPECT_EQ(a->file_bytes, b->file_bytes);
  // Changing one model leaves the next load as the file says.
  a->model->graph->nodes().front()->set_op_type("Sigmoid");
  auto c = LoadModelFile(p);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(OpOf(*c), "Relu");
}

TEST(LoadCache, ASharedLoadIsTheKeptModelItselfUntilTheFileChanges) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "m.onnx";
  WriteModel(p, "Relu");
  {
    // Off: every shared load is a load of its own.
    auto a = LoadSharedModelFile(p);
    auto b = LoadSharedModelFile(p);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_NE(a->get(), b->get());
  }
  CacheOn on;
  LoadedModel meta;
  auto a = LoadSharedModelFile(p, {}, {}, &meta);
  ASSERT_TRUE(a.ok()) << a.status().message();
  EXPECT_EQ(meta.model, nullptr);
  EXPECT_EQ(meta.file_bytes, fs::file_size(p));
  auto b = LoadSharedModelFile(p);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(a->get(), b->get());
  // A writer's load is a copy of it.
  auto c = LoadModelFile(p);
  ASSERT_TRUE(c.ok());
  EXPECT_NE(c->model.get(), a->get());
  EXPECT_EQ(ir::ModelToText(*c->model), ir::ModelToText(**a));
  WriteModel(p, "Tanh");
  auto d = LoadSharedModelFile(p);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ((*d)->graph->nodes().front()->op_type(), "Tanh");
  EXPECT_EQ((*a)->graph->nodes().front()->op_type(), "Relu");  // the first holder's stays
  EXPECT_FALSE(LoadSharedModelFile(dir.path() / "missing.onnx").ok());
}

TEST(LoadCache, AnEarlierFileIsSharedWhileItsModelIsHeldAndOnlyWhileItIsUnchanged) {
  CacheOn on;
  testing::TempDir dir;
  const fs::path a_path = dir.path() / "a.onnx", b_path = dir.path() / "b.onnx";
  WriteModel(a_path, "Relu");
  WriteModel(b_path, "Tanh");
  auto a = LoadSharedModelFile(a_path);
  ASSERT_TRUE(a.ok()) << a.status().message();
  auto b = LoadSharedModelFile(b_path);  // the last load now
  ASSERT_TRUE(b.ok());
  // A is still held (the GUI's optimization trace): read again, it is that very model, with the
  // load's findings.
  LoadedModel meta;
  auto again = LoadSharedModelFile(a_path, {}, {}, &meta);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), a->get());
  EXPECT_EQ(meta.file_bytes, fs::file_size(a_path));
  EXPECT_EQ(meta.path, a_path.string());
  // A writer's load of it is a copy.
  auto copy = LoadModelFile(a_path);
  ASSERT_TRUE(copy.ok());
  EXPECT_NE(copy->model.get(), a->get());
  EXPECT_EQ(OpOf(*copy), "Relu");
  // Other options, or new bytes of the same size, are loaded anew.
  LoadOptions o;
  o.dim_overrides["n"] = 3;
  auto fixed = LoadSharedModelFile(a_path, o);
  ASSERT_TRUE(fixed.ok());
  EXPECT_NE(fixed->get(), a->get());
  ASSERT_TRUE(LoadSharedModelFile(b_path).ok());  // B last again
  const auto size = fs::file_size(a_path);
  WriteModel(a_path, "Gelu");
  ASSERT_EQ(fs::file_size(a_path), size);
  auto changed = LoadSharedModelFile(a_path);
  ASSERT_TRUE(changed.ok());
  EXPECT_NE(changed->get(), a->get());
  EXPECT_EQ((*changed)->graph->nodes().front()->op_type(), "Gelu");
  EXPECT_EQ((*a)->graph->nodes().front()->op_type(), "Relu");  // the holder's stays
}

TEST(LoadCache, AnEarlierFileNoLongerHeldIsNotKept) {
  CacheOn on;
  testing::TempDir dir;
  const fs::path a_path = dir.path() / "a.onnx", b_path = dir.path() / "b.onnx";
  WriteModel(a_path, "Relu");
  WriteModel(b_path, "Tanh");
  std::weak_ptr<const ir::Model> first;
  {
    auto a = LoadSharedModelFile(a_path);
    ASSERT_TRUE(a.ok());
    first = *a;
    ASSERT_TRUE(LoadSharedModelFile(b_path).ok());  // replaces A as the last load
  }
  // Nothing holds A's model: the cache does not either.
  EXPECT_TRUE(first.expired());
  auto a = LoadSharedModelFile(a_path);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ((*a)->graph->nodes().front()->op_type(), "Relu");
}

TEST(LoadCache, NewBytesOfTheSameSizeAreLoadedAnew) {
  CacheOn on;
  testing::TempDir dir;
  const fs::path p = dir.path() / "m.onnx";
  WriteModel(p, "Relu");
  auto a = LoadModelFile(p);
  ASSERT_TRUE(a.ok());
  const auto size = fs::file_size(p);
  WriteModel(p, "Tanh");  // as many bytes as "Relu", written at once
  ASSERT_EQ(fs::file_size(p), size);
  auto b = LoadModelFile(p);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(OpOf(*b), "Tanh");
}

TEST(LoadCache, OtherOptionsAreLoadedAnew) {
  CacheOn on;
  testing::TempDir dir;
  const fs::path p = dir.path() / "m.onnx";
  WriteModel(p, "Relu");
  ASSERT_TRUE(LoadModelFile(p).ok());
  LoadOptions o;
  o.dim_overrides["n"] = 3;
  auto b = LoadModelFile(p, o);
  ASSERT_TRUE(b.ok()) << b.status().message();
  EXPECT_EQ(ir::ModelToText(*b->model).find("n,"), std::string::npos) << ir::ModelToText(*b->model);
  EXPECT_NE(ir::ModelToText(*b->model).find("3"), std::string::npos);
  // And back: the free dimension again.
  auto c = LoadModelFile(p);
  ASSERT_TRUE(c.ok());
  EXPECT_NE(ir::ModelToText(*c->model).find("n"), std::string::npos);
}

TEST(LoadCache, AChangedExternalDataFileIsReadAgain) {
  CacheOn on;
  testing::TempDir dir;
  auto sample = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(sample.ok());
  const fs::path p = dir.path() / "m.onnx";
  SaveOptions so;
  so.external_data = true;
  ASSERT_TRUE(SaveModelFile(*sample->model, p, so).ok());
  ASSERT_TRUE(LoadModelFile(p).ok());
  // Cut the side file short: the next load must read it (and refuse it), not the kept model.
  const fs::path side = dir.path() / "m.onnx.data";
  fs::resize_file(side, fs::file_size(side) / 2);
  auto again = LoadModelFile(p);
  EXPECT_FALSE(again.ok());
}

TEST(LoadCache, OffByDefaultAndAFailedLoadIsNotKept) {
  testing::TempDir dir;
  const fs::path p = dir.path() / "m.onnx";
  {
    std::ofstream out(p, std::ios::binary);
    out << "not a model";
  }
  CacheOn on;
  EXPECT_FALSE(LoadModelFile(p).ok());
  EXPECT_FALSE(LoadModelFile(p).ok());
}

}  // namespace
}  // namespace onnxlens::onnx_io
