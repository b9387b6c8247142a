// Samples from a folder of images: decoding (PNG of every colour type, JPEG), the half-pixel
// bilinear resize, normalization and layout, and every bad folder or option a clear error.
#include "api/internal/image_samples.h"

#include <gtest/gtest.h>

#include <fstream>

#include "api/internal/image_decode.h"
#include "api/quantize.h"
#include "common/strings.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::SourceDir;
using onnxlens::testing::TempDir;

fs::path Images() { return SourceDir() / "tests/data/images"; }

std::unique_ptr<ir::Model> ImageSample() {
  auto loaded = onnx_io::LoadModelFile(SampleModel());
  EXPECT_TRUE(loaded.ok()) << loaded.status().message();
  return std::move(loaded->model);
}

// A folder holding copies of the named test images.
fs::path FolderWith(const TempDir& tmp, const std::vector<std::string>& names) {
  const fs::path dir = tmp.path() / "imgs";
  fs::create_directories(dir);
  for (const std::string& n : names) fs::copy_file(Images() / n, dir / n);
  return dir;
}

void ExpectError(const Status& st, const std::string& text) {
  ASSERT_FALSE(st.ok()) << text;
  EXPECT_NE(st.message().find(text), std::string::npos) << st.message();
}

TEST(ImageDecodeTest, ReadsPngOfEveryColourTypeAsRgb) {
  auto red = DecodeImageFile(Images() / "red_8x6.png");  // palette
  ASSERT_TRUE(red.ok()) << red.status().message();
  EXPECT_EQ(red->width, 8);
  EXPECT_EQ(red->height, 6);
  ASSERT_EQ(red->rgb.size(), 8u * 6 * 3);
  EXPECT_EQ(red->rgb[0], 255);
  EXPECT_EQ(red->rgb[1], 0);
  EXPECT_EQ(red->rgb[2], 0);
  auto gray = DecodeImageFile(Images() / "gray_16x12.png");  // 16-bit grayscale
  ASSERT_TRUE(gray.ok()) << gray.status().message();
  EXPECT_EQ(gray->rgb[0], gray->rgb[1]);
  EXPECT_GT(gray->rgb[0], gray->rgb[gray->rgb.size() - 1]);    // white at the top, black below
  auto alpha = DecodeImageFile(Images() / "alpha_10x10.png");  // RGBA, composited on black
  ASSERT_TRUE(alpha.ok()) << alpha.status().message();
  EXPECT_EQ(alpha->rgb[0], 0);
  EXPECT_GT(alpha->rgb[1], 100);
  EXPECT_LT(alpha->rgb[1], 255);
}

TEST(ImageDecodeTest, ReadsJpeg) {
  auto im = DecodeImageFile(Images() / "gradient_24x24.jpg");
  ASSERT_TRUE(im.ok()) << im.status().message();
  EXPECT_EQ(im->width, 24);
  EXPECT_EQ(im->height, 24);
  EXPECT_GT(im->rgb[2], 200);                   // blue at the top
  EXPECT_GT(im->rgb[im->rgb.size() - 3], 200);  // yellow at the bottom
}

TEST(ImageDecodeTest, CorruptTruncatedOrHugeFilesAreErrorsNamingTheFile) {
  TempDir tmp;
  const fs::path fake = tmp.path() / "fake.png";
  std::ofstream(fake) << "not an image";
  ExpectError(DecodeImageFile(fake).status(), fake.string());
  std::ifstream in(Images() / "gradient_24x24.jpg", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  const fs::path cut = tmp.path() / "cut.jpg";
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  ExpectError(DecodeImageFile(cut).status(), "cut.jpg");
  ExpectError(DecodeImageFile(Images() / "red_8x6.png", 10).status(), "8 x 6 pixels");
  ExpectError(DecodeImageFile(Images() / "gradient_24x24.jpg", 10).status(), "24 x 24 pixels");
  ExpectError(DecodeImageFile(tmp.path() / "x.bmp").status(), ".png, .jpg or .jpeg");
}

TEST(ImageDecodeTest, ProgressiveJpegWithThousandsOfScansIsRefused) {
  auto ok =
      DecodeImageFile(SourceDir() / "tests/data/jpeg/progressive_32x24.jpg");  // libjpeg's 10 scans
  ASSERT_TRUE(ok.ok()) << ok.status().message();
  EXPECT_EQ(ok->width, 32);
  EXPECT_GT(ok->rgb[ok->rgb.size() - 3], 200);  // red at the right
  // The same file with its last scan repeated 3000 times before the end marker: libjpeg only
  // warns about each repeat, after decoding it.
  std::ifstream in(SourceDir() / "tests/data/jpeg/progressive_32x24.jpg", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), {});
  const size_t last_scan = bytes.rfind("\xff\xda");
  ASSERT_NE(last_scan, std::string::npos);
  ASSERT_EQ(bytes.substr(bytes.size() - 2), "\xff\xd9");
  const std::string scan = bytes.substr(last_scan, bytes.size() - 2 - last_scan);
  std::string hostile = bytes.substr(0, bytes.size() - 2);
  for (int i = 0; i < 3000; ++i) hostile += scan;
  hostile += "\xff\xd9";
  TempDir tmp;
  const fs::path file = tmp.path() / "scans.jpg";
  std::ofstream(file, std::ios::binary) << hostile;
  auto refused = DecodeImageFile(file);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message(),
            file.string() +
                ": a progressive JPEG of more than 500 scans (an encoder writes about "
                "10); not decoded");
}

TEST(ImageDecodeTest, BilinearResizeUsesHalfPixelCentres) {
  DecodedImage im;
  im.width = 2;
  im.height = 1;
  im.rgb = {0, 0, 0, 255, 255, 255};
  const std::vector<float> out = ResizeBilinear(im, 1, 4);
  ASSERT_EQ(out.size(), 12u);
  EXPECT_FLOAT_EQ(out[0], 0.f);
  EXPECT_FLOAT_EQ(out[3], 63.75f);
  EXPECT_FLOAT_EQ(out[6], 191.25f);
  EXPECT_FLOAT_EQ(out[9], 255.f);
}

TEST(ImageSamplesTest, NormalizesIntoTheModelsNchwInput) {
  TempDir tmp;
  auto model = ImageSample();
  ImageInputs o;
  o.dir = FolderWith(tmp, {"red_8x6.png", "gradient_24x24.jpg"});
  o.mean = {0.5f};
  o.std = {0.5f};
  auto s = ImageSamples::Create(*model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ((*s)->size(), 2);
  EXPECT_EQ((*s)->dims(), (std::vector<int64_t>{1, 3, 32, 32}));
  auto first = (*s)->Next();  // gradient_24x24.jpg sorts first
  ASSERT_TRUE(first.ok() && first->has_value());
  auto second = (*s)->Next();
  ASSERT_TRUE(second.ok() && second->has_value());
  const ir::Tensor& t = (**second).at("image").tensor;
  ASSERT_EQ(t.dims(), (std::vector<int64_t>{1, 3, 32, 32}));
  const float* v = t.data<float>();
  EXPECT_FLOAT_EQ(v[0], 1.f);             // red: (1 - 0.5) / 0.5
  EXPECT_FLOAT_EQ(v[32 * 32], -1.f);      // green plane: (0 - 0.5) / 0.5
  EXPECT_FLOAT_EQ(v[2 * 32 * 32], -1.f);  // blue plane
  auto end = (*s)->Next();
  ASSERT_TRUE(end.ok());
  EXPECT_FALSE(end->has_value());
}

TEST(ImageSamplesTest, BgrPerChannelMeanAndNhwcLayout) {
  TempDir tmp;
  auto model = ImageSample();
  ImageInputs o;
  o.dir = FolderWith(tmp, {"red_8x6.png"});
  o.bgr = true;
  o.mean = {0.f, 0.f, 0.25f};
  auto s = ImageSamples::Create(*model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  auto got = (*s)->Next();
  ASSERT_TRUE(got.ok() && got->has_value());
  const float* v = (**got).at("image").tensor.data<float>();
  EXPECT_FLOAT_EQ(v[0], 0.f);              // B first
  EXPECT_FLOAT_EQ(v[2 * 32 * 32], 0.75f);  // R last, minus its mean
  o.layout = "nhwc";  // the sample's channel axis is 1: NHWC reads 32 as the channels
  ExpectError(ImageSamples::Create(*model, o).status(), "channel axis is not 1 or 3");
}

TEST(ImageSamplesTest, BadFoldersAndOptionsNameWhatIsWrong) {
  TempDir tmp;
  auto model = ImageSample();
  ImageInputs o;
  o.dir = tmp.path() / "missing";
  ExpectError(ImageSamples::Create(*model, o).status(), "no such folder");
  fs::create_directories(tmp.path() / "empty");
  std::ofstream(tmp.path() / "empty" / "notes.txt") << "x";
  o.dir = tmp.path() / "empty";
  ExpectError(ImageSamples::Create(*model, o).status(), "no .png, .jpg or .jpeg images");
  o.dir = FolderWith(tmp, {"red_8x6.png"});
  o.mean = {0.1f, 0.2f};
  ExpectError(ImageSamples::Create(*model, o).status(), "--mean: 2 values");
  o.mean = {};
  o.std = {0.f};
  ExpectError(ImageSamples::Create(*model, o).status(), "--std");
  o.std = {};
  o.height = 64;
  o.width = 64;
  ExpectError(ImageSamples::Create(*model, o).status(), "--size 64x64");
  o.height = o.width = 0;
  o.layout = "chw";
  ExpectError(ImageSamples::Create(*model, o).status(), "--layout");
  o.layout = "";
  std::ofstream(o.dir / "broken.png") << "not a png";
  auto s = ImageSamples::Create(*model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  ExpectError((*s)->Next().status(), "broken.png");  // sorted before red_8x6.png
}

// The GUI's words in the messages (issue 39: a GUI user was told to "use --calib").
TEST(ImageSamplesTest, MessagesNameTheFolderAsTheCallerDoes) {
  TempDir tmp;
  auto model = ImageSample();
  ImageInputs o;
  o.name = "The folder of images";
  o.sets_name = "source: Folder of input sets";
  o.dir = tmp.path() / "missing";
  ExpectError(ImageSamples::Create(*model, o).status(), "The folder of images ");
  o.dir = FolderWith(tmp, {"red_8x6.png"});
  // A second image-like input: images feed one input only.
  ir::Value* second = model->graph->CreateValue("second");
  second->set_type(model->graph->inputs()[0]->type());
  model->graph->AddInput(second);
  const Status st = ImageSamples::Create(*model, o).status();
  ExpectError(st, "test_data_set_N folders instead (source: Folder of input sets)");
  EXPECT_EQ(st.message().find("--"), std::string::npos) << st.message();
}

// Issue 41.7: --images followed a link out of the folder; as external data, a link whose target
// leaves the folder is refused naming both, and one that stays inside is read.
TEST(ImageSamplesTest, ALinkLeadingOutOfTheFolderIsRefusedOneInsideIsRead) {
  TempDir tmp;
  auto model = ImageSample();
  ImageInputs o;
  o.dir = FolderWith(tmp, {"red_8x6.png"});
  fs::create_symlink("red_8x6.png", o.dir / "again.png");
  auto s = ImageSamples::Create(*model, o);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ((*s)->size(), 2);
  const fs::path outside = tmp.path() / "private.png";
  fs::copy_file(Images() / "gray_16x12.png", outside);
  const std::string tail = ", outside the folder " + Quote(fs::canonical(o.dir).string());
  for (const fs::path& target : {outside, fs::path("../private.png")}) {
    fs::remove(o.dir / "leak.png");
    fs::create_symlink(target, o.dir / "leak.png");
    ExpectError(ImageSamples::Create(*model, o).status(),
                "--images " + o.dir.string() + ": 'leak.png' resolves to " +
                    Quote(fs::canonical(outside).string()) + tail);
  }
}

TEST(ImageSamplesTest, ParsesSizesAndNumberLists) {
  int64_t h = 0, w = 0;
  ASSERT_TRUE(ParseImageSize("224x192", &h, &w).ok());
  EXPECT_EQ(h, 224);
  EXPECT_EQ(w, 192);
  ExpectError(ParseImageSize("224", &h, &w), "--size");
  ExpectError(ParseImageSize("0x5", &h, &w), "--size");
  ExpectError(ParseImageSize("99999x5", &h, &w), "--size");
  std::vector<float> v;
  ASSERT_TRUE(ParseFloatList("0.485, 0.456,0.406", "--mean", &v).ok());
  EXPECT_EQ(v.size(), 3u);
  ExpectError(ParseFloatList("0.4,abc", "--mean", &v), "'abc'");
  ExpectError(ParseFloatList("nan", "--std", &v), "--std");
}

TEST(ImageSamplesTest, QuantizeCalibratesOnImages) {
  TempDir tmp;
  QuantizeRequest r;
  r.mode = "static";
  r.images.dir = FolderWith(tmp, {"red_8x6.png", "gradient_24x24.jpg", "gray_16x12.png"});
  r.images.mean = {0.485f, 0.456f, 0.406f};
  r.images.std = {0.229f, 0.224f, 0.225f};
  r.output = tmp.path() / "q.onnx";
  r.threads = 1;
  auto rep = QuantizeModelFile(SampleModel(), r);
  ASSERT_TRUE(rep.ok()) << rep.status().message();
  EXPECT_EQ(rep->calibration_samples, 3);
  EXPECT_FALSE(rep->random_calibration);
  EXPECT_TRUE(rep->checker_passed);
  r.random_samples = 2;
  ExpectError(QuantizeModelFile(SampleModel(), r).status(), "give one of them");
}

}  // namespace
}  // namespace onnxlens::api
