// .npy files: what numpy writes reads back, and every header numpy would refuse is refused with a
// message naming the file and the fault (negative or overflowing dimensions, unclosed brackets,
// unknown keys and dtypes, data that does not match the header).
#include "api/value_io.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "ir/tensor.h"
#include "test_paths.h"
#include "tools/npy_bytes.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;

using testing::Npy;
using testing::NpyHeader;

Expected<ir::Tensor> ReadBytes(const std::string& bytes, const std::string& name = "x.npy") {
  testing::TempDir tmp;
  const fs::path p = tmp.path() / name;
  std::ofstream(p, std::ios::binary) << bytes;
  return ReadNpy(p);
}

void ExpectRefused(const std::string& bytes, const std::string& phrase) {
  auto t = ReadBytes(bytes, "bad.npy");
  ASSERT_FALSE(t.ok()) << "accepted; expected: " << phrase;
  const std::string& msg = t.status().message();
  EXPECT_NE(msg.find("bad.npy"), std::string::npos) << msg;
  EXPECT_NE(msg.find(phrase), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

const std::string k16(16, '\0');  // four float32 zeros

TEST(NpyTest, WhatWriteNpyWritesReadsBack) {
  testing::TempDir tmp;
  for (const std::vector<int64_t>& dims :
       std::vector<std::vector<int64_t>>{{}, {4}, {2, 3}, {0, 5}}) {
    for (const ir::DataType dt : {ir::DataType::kFloat, ir::DataType::kInt64, ir::DataType::kBool,
                                  ir::DataType::kUint8, ir::DataType::kFloat16}) {
      auto t = ir::Tensor::Zeros(dt, dims);
      ASSERT_TRUE(t.ok());
      const fs::path p = tmp.path() / "t.npy";
      fs::remove(p);
      ASSERT_TRUE(WriteNpy(*t, p).ok());
      EXPECT_EQ(fs::file_size(p) % 64, t->nbytes() % 64) << "data is 64-byte aligned";
      auto back = ReadNpy(p);
      ASSERT_TRUE(back.ok()) << back.status().message();
      EXPECT_EQ(back->dtype(), dt);
      EXPECT_EQ(back->dims(), dims);
    }
  }
}

TEST(NpyTest, HeadersNumpyAcceptsAreRead) {
  const std::map<std::string, std::vector<int64_t>> ok = {
      {Npy(NpyHeader("<f4", "(1, 4)"), k16), {1, 4}},
      {Npy(NpyHeader("<f4", "(4,)"), k16), {4}},
      {Npy(NpyHeader("<f4", "(2, 2)"), k16, 2), {2, 2}},
      {Npy(NpyHeader("=f4", "(4, 1, )"), k16, 3), {4, 1}},
      {Npy("{\"shape\":(16,),\"fortran_order\":False,\"descr\":\"|u1\"}", k16), {16}},
      {Npy("{'descr': '<i4', 'fortran_order': False, 'shape': (\n 2 ,\t2 )}", k16), {2, 2}},
      {Npy(NpyHeader("<f4", "()"), std::string(4, '\0')), {}},
      {Npy(NpyHeader("<f4", "(0, 3)"), ""), {0, 3}},
  };
  for (const auto& [bytes, dims] : ok) {
    auto t = ReadBytes(bytes);
    ASSERT_TRUE(t.ok()) << t.status().message();
    EXPECT_EQ(t->dims(), dims);
  }
}

TEST(NpyTest, ANegativeDimensionIsRefusedNotReadAsItsDigits) {
  ExpectRefused(Npy(NpyHeader("<f4", "(-1, 4)"), k16), "the shape has a negative dimension -1");
}

TEST(NpyTest, UnclosedBracketsAreRefused) {
  ExpectRefused(Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4", k16),
                "'shape' is not closed with ')'");
  ExpectRefused(Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4)", k16),
                "not closed with '}'");
  ExpectRefused(Npy("{'descr': '<f4, 'fortran_order': False, 'shape': (1, 4)}", k16),
                "no ',' or '}' after the value of 'descr'");
  ExpectRefused(Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4),", k16),
                "not closed with '}'");
  ExpectRefused(Npy("'descr': '<f4', 'fortran_order': False, 'shape': (1, 4)}", k16),
                "does not start with '{'");
}

TEST(NpyTest, TheShapeMustBeATupleOfPlainWholeNumbers) {
  ExpectRefused(Npy(NpyHeader("<f4", "(4)"), k16), "is a number, not a tuple");
  ExpectRefused(Npy(NpyHeader("<f4", "[1, 4]"), k16), "'shape' is not a tuple");
  ExpectRefused(Npy(NpyHeader("<f4", "(1 4)"), k16), "no ',' between dimensions");
  ExpectRefused(Npy(NpyHeader("<f4", "(,)"), k16), "other than whole numbers");
  ExpectRefused(Npy(NpyHeader("<f4", "(1,, 4)"), k16), "other than whole numbers");
  ExpectRefused(Npy(NpyHeader("<f4", "(1.0, 4)"), k16), "no ',' between dimensions");
  ExpectRefused(Npy(NpyHeader("<f4", "(01, 4)"), k16), "leading zero");
  ExpectRefused(Npy(NpyHeader("<f4", "(99999999999999999999, 4)"), k16), "does not fit in 64 bits");
}

TEST(NpyTest, SizesThatOverflowAreRefusedBeforeAnyAllocation) {
  ExpectRefused(Npy(NpyHeader("<f4", "(4611686018427387904, 4611686018427387904)"), k16),
                "more elements than fit in 64 bits");
  ExpectRefused(Npy(NpyHeader("<f8", "(4611686018427387904,)"), k16), "overflows 64-bit size");
  ExpectRefused(Npy(NpyHeader("<f4", "(1000000, 1000000)"), k16),
                "the header promises 4000000000000 bytes of data");
}

TEST(NpyTest, TheDataMustBeExactlyWhatTheHeaderPromises) {
  ExpectRefused(Npy(NpyHeader("<f4", "(1, 4)"), std::string(12, '\0')),
                "promises 16 bytes of data (<f4 [1,4]) but the file holds 12");
  ExpectRefused(Npy(NpyHeader("<f4", "(1, 4)"), std::string(20, '\0')), "the file holds 20");
}

TEST(NpyTest, TheKeysAreExactlyDescrFortranOrderAndShape) {
  ExpectRefused(Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), 'x': 1}", k16),
                "unexpected key 'x'");
  ExpectRefused(Npy("{'descr': '<f4', 'shape': (1, 4)}", k16), "no 'fortran_order' key");
  ExpectRefused(
      Npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), 'shape': (2, 2)}", k16),
      "key 'shape' appears twice");
  ExpectRefused(Npy(NpyHeader("<f4", "(1, 4)", "1"), k16), "'fortran_order' is not True or False");
  ExpectRefused(Npy(NpyHeader("<f4", "(1, 4)") + " x", k16), "text after the header dict");
}

TEST(NpyTest, FortranOrderAndUnknownDtypesAreRefusedByName) {
  ExpectRefused(Npy(NpyHeader("<f4", "(1, 4)", "True"), k16), "Fortran-order");
  ExpectRefused(Npy(NpyHeader("<c8", "(2,)"), k16), "dtype '<c8' is not supported");
  ExpectRefused(Npy(NpyHeader("|O", "(2,)"), k16), "dtype '|O' is not supported");
  ExpectRefused(Npy(NpyHeader(">f4", "(1, 4)"), k16), "big-endian dtype '>f4'");
  ExpectRefused(Npy(NpyHeader("|f4", "(1, 4)"), k16), "dtype '|f4' is not supported");
  ExpectRefused(Npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,)}", k16),
                "structured dtypes");
}

TEST(NpyTest, TheMagicVersionAndHeaderLengthAreChecked) {
  ExpectRefused("PK\x03\x04 not numpy at all", "not a .npy file");
  std::string v = Npy(NpyHeader("<f4", "(1, 4)"), k16);
  v[6] = 4;
  ExpectRefused(v, ".npy format version 4.0 (known: 1.0, 2.0, 3.0)");
  v[6] = 2;
  v[7] = 1;
  ExpectRefused(v, "version 2.1");
  std::string past = Npy(NpyHeader("<f4", "(1, 4)"), k16);
  past[8] = '\xff';
  past[9] = '\x7f';
  ExpectRefused(past, "the .npy header of 32767 bytes runs past the end of the file");
  ExpectRefused(std::string("\x93NUMPY\x02\x00\x01", 9), "truncated .npy header");
}

// tests/data/bad/*.npy (written by tests/tools/make_test_models.cc): each refused with its phrase.
TEST(NpyTest, EveryMalformedNpyInTheCorpusIsRefused) {
  const std::map<std::string, std::string> expected = {
      {"npy_negative_dim.npy", "negative dimension"},
      {"npy_unclosed_shape.npy", "'shape' is not closed with ')'"},
      {"npy_unclosed_dict.npy", "not closed with '}'"},
      {"npy_short_data.npy", "but the file holds 12"},
      {"npy_overflowing_shape.npy", "more elements than fit in 64 bits"},
      {"npy_unknown_descr.npy", "dtype '<c8' is not supported"},
      {"npy_header_past_end.npy", "runs past the end of the file"},
  };
  size_t seen = 0;
  for (const auto& e : fs::directory_iterator(testing::BadModelsDir())) {
    if (e.path().extension() != ".npy") continue;
    ++seen;
    const std::string name = e.path().filename().string();
    auto it = expected.find(name);
    ASSERT_NE(it, expected.end()) << "no expectation for " << name;
    auto t = ReadNpy(e.path());
    ASSERT_FALSE(t.ok()) << name;
    EXPECT_NE(t.status().message().find(name), std::string::npos) << t.status().message();
    EXPECT_NE(t.status().message().find(it->second), std::string::npos) << t.status().message();
  }
  EXPECT_EQ(seen, expected.size());
}

}  // namespace
}  // namespace onnxlens::api
