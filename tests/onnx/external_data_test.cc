// External data: saving moves large initializers to a side file with aligned offsets; loading
// reads them back; tampered offsets and lengths (not plain decimals, beyond 64 bits, past the
// file), locations that leave the model's folder and totals over the budget are refused.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "common/strings.h"
#include "ir/text_format.h"
#include "onnx/external_data.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::onnx_io {
namespace {

namespace fs = std::filesystem;

TEST(ExternalDataTest, SaveWritesLargeInitializersToASideFileAndReloadsThem) {
  testing::TempDir tmp;
  auto loaded = LoadModelFile(testing::SampleModel());
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const fs::path out = tmp.path() / "m.onnx";
  SaveOptions so;
  so.external_data = true;
  ASSERT_TRUE(SaveModelFile(*loaded->model, out, so).ok());
  ASSERT_TRUE(fs::exists(tmp.path() / "m.onnx.data"));
  EXPECT_LT(fs::file_size(out), fs::file_size(testing::SampleModel()) / 4);

  onnx::ModelProto proto;
  std::ifstream f(out, std::ios::binary);
  ASSERT_TRUE(proto.ParseFromIstream(&f));
  int external = 0;
  for (const auto& t : proto.graph().initializer()) {
    if (t.data_location() != onnx::TensorProto::EXTERNAL) continue;
    ++external;
    for (const auto& kv : t.external_data()) {
      if (kv.key() == "offset") {
        EXPECT_EQ(std::stoll(kv.value()) % 64, 0);
      }
      if (kv.key() == "location") {
        EXPECT_EQ(kv.value(), "m.onnx.data");
      }
    }
  }
  EXPECT_GT(external, 0);

  auto again = LoadModelFile(out);
  ASSERT_TRUE(again.ok()) << again.status().message();
  // The same model, but for the producer every save writes (onnxlens and its version).
  loaded->model->producer_version = ONNXLENS_TEST_VERSION;
  EXPECT_EQ(ir::ModelToText(*loaded->model), ir::ModelToText(*again->model));
  ASSERT_EQ(again->external_files.size(), 1u);
  EXPECT_EQ(again->external_files[0].filename(), "m.onnx.data");
  EXPECT_TRUE(CheckModelFile(out).ok());
}

// The sample model saved as dir/m.onnx with its weights in dir/m.onnx.data.
fs::path SaveSampleWithExternalData(const fs::path& dir) {
  auto loaded = LoadModelFile(testing::SampleModel());
  EXPECT_TRUE(loaded.ok());
  const fs::path out = dir / "m.onnx";
  SaveOptions so;
  so.external_data = true;
  EXPECT_TRUE(SaveModelFile(*loaded->model, out, so).ok());
  return out;
}

TEST(ExternalDataTest, ATruncatedSideFileIsRefusedWithTheTensorName) {
  testing::TempDir tmp;
  const fs::path out = SaveSampleWithExternalData(tmp.path());
  fs::resize_file(tmp.path() / "m.onnx.data", 100);
  auto again = LoadModelFile(out);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find("initializer '"), std::string::npos)
      << again.status().message();
  EXPECT_NE(again.status().message().find("has only 100 bytes"), std::string::npos)
      << again.status().message();
}

// A float [1,4] tensor 'w' stored in `location` at `offset` / `length` (empty: key left out).
onnx::TensorProto External(const std::string& location, const std::string& offset,
                           const std::string& length) {
  onnx::TensorProto t;
  t.set_name("w");
  t.set_data_location(onnx::TensorProto::EXTERNAL);
  for (const auto& [k, v] : {std::pair<const char*, std::string>{"location", location},
                             {"offset", offset},
                             {"length", length}}) {
    if (v.empty()) continue;
    auto* kv = t.add_external_data();
    kv->set_key(k);
    kv->set_value(v);
  }
  return t;
}

// Reads `t` from a folder holding w.bin (64 bytes) through ExternalDataDirectory.
Expected<ir::Tensor> ReadFromFolder(const onnx::TensorProto& t, const fs::path& dir,
                                    ExternalDataDirectory* ext = nullptr) {
  if (!fs::exists(dir / "w.bin")) std::ofstream(dir / "w.bin") << std::string(64, '\1');
  ExternalDataDirectory own(dir);
  return (ext ? ext : &own)->Read(t, ir::DataType::kFloat, {1, 4}, 16, "initializer 'w'");
}

void ExpectRefused(const onnx::TensorProto& t, const fs::path& dir, const std::string& phrase) {
  auto r = ReadFromFolder(t, dir);
  ASSERT_FALSE(r.ok()) << "accepted; expected: " << phrase;
  EXPECT_NE(r.status().message().find("initializer 'w'"), std::string::npos)
      << r.status().message();
  EXPECT_NE(r.status().message().find(phrase), std::string::npos) << r.status().message();
}

TEST(ExternalDataTest, PlainDecimalOffsetsAndLengthsAreRead) {
  testing::TempDir tmp;
  for (const auto& [offset, length] : std::vector<std::pair<std::string, std::string>>{
           {"0", "16"}, {"48", "16"}, {"", ""}, {"007", ""}}) {
    auto r = ReadFromFolder(External("w.bin", offset, length), tmp.path());
    ASSERT_TRUE(r.ok()) << offset << "/" << length << ": " << r.status().message();
    EXPECT_EQ(r->nbytes(), 16u);
  }
}

TEST(ExternalDataTest, AnythingButAPlainDecimalIsRefused) {
  testing::TempDir tmp;
  for (const char* bad : {"-1", "+4", " 4", "4 ", "0x10", "1e3", "4.0", "four", "١"}) {
    ExpectRefused(External("w.bin", bad, "16"), tmp.path(),
                  "offset " + Quote(bad) + " is not a plain decimal number");
    ExpectRefused(External("w.bin", "0", bad), tmp.path(),
                  "length " + Quote(bad) + " is not a plain decimal number");
  }
}

TEST(ExternalDataTest, NineteenAndTwentyDigitSizesNeitherWrapNorPass) {
  testing::TempDir tmp;
  ExpectRefused(External("w.bin", "0", "9999999999999999999"), tmp.path(),
                "length 9999999999999999999 does not match the 16 bytes its shape needs");
  ExpectRefused(External("w.bin", "0", "18446744073709551616"), tmp.path(),
                "length '18446744073709551616' does not fit in 64 bits");
  ExpectRefused(External("w.bin", "18446744073709551615", "16"), tmp.path(), "has only 64 bytes");
  ExpectRefused(External("w.bin", "9223372036854775807", ""), tmp.path(), "has only 64 bytes");
  ExpectRefused(External("w.bin", "49", "16"), tmp.path(), "has only 64 bytes");
}

TEST(ExternalDataTest, ARepeatedKeyIsRefused) {
  testing::TempDir tmp;
  onnx::TensorProto t = External("w.bin", "0", "16");
  auto* again = t.add_external_data();
  again->set_key("offset");
  again->set_value("48");
  ExpectRefused(t, tmp.path(), "external data key 'offset' appears twice");
}

TEST(ExternalDataTest, LocationsThatLeaveTheModelsFolderAreRefused) {
  testing::TempDir tmp;
  const fs::path model_dir = tmp.path() / "model";
  fs::create_directories(model_dir);
  std::ofstream(tmp.path() / "secret.bin") << std::string(64, '\2');
  fs::create_directory(tmp.path() / "elsewhere");
  std::ofstream(tmp.path() / "elsewhere" / "w.bin") << std::string(64, '\2');
  fs::create_directory_symlink(tmp.path() / "elsewhere", model_dir / "sub");
  ExpectRefused(External("../secret.bin", "0", "16"), model_dir, "contains '..'");
  ExpectRefused(External("sub/../../secret.bin", "0", "16"), model_dir, "contains '..'");
  ExpectRefused(External((tmp.path() / "secret.bin").string(), "0", "16"), model_dir,
                "is absolute");
  ExpectRefused(External("sub/w.bin", "0", "16"), model_dir, "outside the model's directory");
  ExpectRefused(External("", "0", "16"), model_dir, "has no location");
}

TEST(ExternalDataTest, TheTotalBudgetIsCheckedBeforeReading) {
  testing::TempDir tmp;
  ExternalDataDirectory ext(tmp.path());
  ext.set_max_total_bytes(24);
  ASSERT_TRUE(ReadFromFolder(External("w.bin", "0", "16"), tmp.path(), &ext).ok());
  auto second = ReadFromFolder(External("w.bin", "16", "16"), tmp.path(), &ext);
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.status().code(), StatusCode::kOutOfRange);
  EXPECT_NE(second.status().message().find("would total 32 B, more than the 24 B allowed"),
            std::string::npos)
      << second.status().message();
}

TEST(ExternalDataTest, LoadOptionsCapTheExternalBytesOfAModel) {
  testing::TempDir tmp;
  const fs::path out = SaveSampleWithExternalData(tmp.path());
  LoadOptions lo;
  lo.max_external_bytes = 4096;
  auto capped = LoadModelFile(out, lo);
  ASSERT_FALSE(capped.ok());
  EXPECT_NE(capped.status().message().find("m.onnx"), std::string::npos)
      << capped.status().message();
  EXPECT_NE(capped.status().message().find("more than the 4.0 KiB allowed"), std::string::npos)
      << capped.status().message();
  EXPECT_TRUE(LoadModelFile(out).ok()) << "the default budget is 64 GiB";
}

// A file of `n` floats 0, 1, 2, ... (n * 4 bytes) at dir/big.bin.
void WriteCountingFloats(const fs::path& file, int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>(i);
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(n * 4));
}

TEST(ExternalDataTest, LargeTensorsAreMappedOrReadWithTheSameContents) {
  testing::TempDir tmp;
  constexpr int64_t kFloats = 64 * 1024;  // 256 KiB
  WriteCountingFloats(tmp.path() / "big.bin", kFloats);
  ExternalDataDirectory ext(tmp.path());
  // Offset 256 is 64-byte aligned (mapped); offset 4 is not (read into its own buffer).
  for (int64_t first : {int64_t{64}, int64_t{1}}) {
    const int64_t n = 32 * 1024;
    onnx::TensorProto t = External("big.bin", std::to_string(first * 4), std::to_string(n * 4));
    auto r = ext.Read(t, ir::DataType::kFloat, {n}, static_cast<uint64_t>(n * 4), "w");
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(reinterpret_cast<uintptr_t>(r->raw()) % 64, 0u) << "offset " << first * 4;
    const float* d = r->data<float>();
    EXPECT_EQ(d[0], static_cast<float>(first));
    EXPECT_EQ(d[n - 1], static_cast<float>(first + n - 1));
    // Writing to the tensor never writes to the file.
    r->mutable_data<float>()[0] = -5;
    EXPECT_EQ(r->data<float>()[0], -5);
  }
  auto again =
      ext.Read(External("big.bin", "256", "4096"), ir::DataType::kFloat, {1024}, 4096, "w");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->data<float>()[0], 64.0f) << "the file was changed through a mapped tensor";
}

// Resident memory of this process, from /proc/self/statm.
uint64_t ResidentBytes() {
  std::ifstream f("/proc/self/statm");
  uint64_t pages = 0, resident = 0;
  f >> pages >> resident;
  return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

TEST(ExternalDataTest, LoadingDoesNotReadWeightsNobodyLooksAt) {
  // A 1 GiB weight in a sparse side file: loading the model (what `info` and the GUI do) maps it
  // instead of reading it, as ONNX Runtime and Netron do.
  testing::TempDir tmp;
  constexpr int64_t kFloats = int64_t{256} << 20;
  {
    std::ofstream(tmp.path() / "w.bin");
    fs::resize_file(tmp.path() / "w.bin", kFloats * 4);
  }
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(17);
  auto* g = m.mutable_graph();
  g->set_name("big");
  onnx::TensorProto w = External("w.bin", "0", std::to_string(kFloats * 4));
  w.set_data_type(onnx::TensorProto::FLOAT);
  w.add_dims(kFloats);
  *g->add_initializer() = w;
  auto* n = g->add_node();
  n->set_op_type("Identity");
  n->add_input("w");
  n->add_output("y");
  auto* y = g->add_output();
  y->set_name("y");
  y->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
  std::ofstream(tmp.path() / "big.onnx", std::ios::binary) << m.SerializeAsString();

  const uint64_t before = ResidentBytes();
  auto loaded = LoadModelFile(tmp.path() / "big.onnx");
  ASSERT_TRUE(loaded.ok()) << loaded.status().message();
  const uint64_t grew = ResidentBytes() - std::min(before, ResidentBytes());
  EXPECT_LT(grew, uint64_t{128} << 20) << "loading read the weights (" << FormatBytes(grew) << ")";
  const ir::Value* v = loaded->model->graph->FindValue("w");
  ASSERT_TRUE(v && v->initializer());
  const ir::Tensor* t = v->initializer();
  EXPECT_EQ(t->nbytes(), static_cast<size_t>(kFloats * 4));
  EXPECT_EQ(t->data<float>()[kFloats - 1], 0.0f);
}

}  // namespace
}  // namespace onnxlens::onnx_io
