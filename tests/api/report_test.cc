// The HTML report (api/report.h): self-contained (no reference outside the file), names escaped,
// every group box opening a view of its own, the quantization and diff sections when asked, a
// trace that is malformed or of another model refused naming it, and nothing the user owns
// replaced.
#include "api/report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "api/profile.h"
#include "api/quantize.h"
#include "api/trace.h"
#include "ir/model.h"
#include "onnx/model_io.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SampleModel;
using onnxlens::testing::TempDir;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// x -> Relu (named like markup) -> Sigmoid -> Tanh -> y (the last two in the scope /block), the
// input named with quotes and ampersands.
fs::path HostileNames(const fs::path& dir) {
  ir::Model m;
  m.graph = std::make_unique<ir::Graph>("g<&>");
  ir::Graph& g = *m.graph;
  ir::Value* x = g.CreateValue("x\"&<y>");
  x->set_type(ir::TypeInfo::Tensor(ir::DataType::kFloat, {ir::Dim::Known(1), ir::Dim::Known(4)}));
  g.AddInput(x);
  ir::Node* relu = g.AddNode("Relu", "", "<script>alert(1)</script>");
  relu->AddInput(x);
  ir::Value* h = g.CreateValue("h");
  relu->AddOutput(h);
  ir::Node* sig = g.AddNode("Sigmoid", "", "/block/<b>sig</b>");
  sig->AddInput(h);
  ir::Value* s = g.CreateValue("s");
  sig->AddOutput(s);
  ir::Node* tanh = g.AddNode("Tanh", "", "/block/tanh");
  tanh->AddInput(s);
  ir::Value* y = g.CreateValue("y");
  tanh->AddOutput(y);
  g.AddOutput(y);
  m.ir_version = 8;
  m.SetOpsetVersion("", 17);
  const fs::path p = dir / "names.onnx";
  EXPECT_TRUE(onnx_io::SaveModelFile(m, p).ok());
  return p;
}

ReportRequest Quick(const fs::path& model, const fs::path& out) {
  ReportRequest r;
  r.model = model;
  r.output = out;
  r.runs = 3;
  r.threads = 1;
  return r;
}

TEST(ReportTest, ThePageReferencesNothingOutsideItself) {
  TempDir tmp;
  auto html = BuildReportHtml(Quick(SampleModel(), tmp.path() / "r.html"));
  ASSERT_TRUE(html.ok()) << html.status().message();
  const std::string& h = *html;
  EXPECT_EQ(h.rfind("<!DOCTYPE html>", 0), 0u);
  // Every src / href (HTML and SVG) is an anchor in the page; url() only names the page's marker.
  const std::regex attr(R"re(\b(?:src|href|xlink:href|action|data)\s*=\s*"([^"]*)")re");
  int refs = 0;
  for (auto it = std::sregex_iterator(h.begin(), h.end(), attr); it != std::sregex_iterator();
       ++it) {
    ++refs;
    EXPECT_EQ((*it)[1].str().rfind("#", 0), 0u) << (*it)[0].str();
  }
  EXPECT_GT(refs, 3);  // the contents links
  const std::regex url(R"re(url\(([^)]*)\))re");
  for (auto it = std::sregex_iterator(h.begin(), h.end(), url); it != std::sregex_iterator(); ++it)
    EXPECT_EQ((*it)[1].str().rfind("#", 0), 0u) << (*it)[0].str();
  for (const char* outside : {"<link", "<iframe", "@import", "http://", "https://", "<img"})
    EXPECT_EQ(h.find(outside), std::string::npos) << outside;
  for (const char* part : {"id=\"summary\"", "id=\"levels\"", "id=\"graph\"", "id=\"profile\"",
                           "<svg class=\"graph\"", "<svg class=\"chart\""})
    EXPECT_NE(h.find(part), std::string::npos) << part;
}

TEST(ReportTest, EveryGroupBoxOpensAViewOfItsOwn) {
  TempDir tmp;
  auto html = BuildReportHtml(Quick(HostileNames(tmp.path()), tmp.path() / "r.html"));
  ASSERT_TRUE(html.ok()) << html.status().message();
  std::set<std::string> views, opened;
  const std::regex view(R"re(id="view-(\d+)")re"), open(R"re(data-open="(\d+)")re");
  for (auto it = std::sregex_iterator(html->begin(), html->end(), view);
       it != std::sregex_iterator(); ++it)
    views.insert((*it)[1]);
  for (auto it = std::sregex_iterator(html->begin(), html->end(), open);
       it != std::sregex_iterator(); ++it)
    opened.insert((*it)[1]);
  EXPECT_FALSE(opened.empty());  // the "/block" scope
  for (const std::string& g : opened) EXPECT_TRUE(views.count(g)) << g;
  EXPECT_TRUE(views.count("0"));
}

TEST(ReportTest, NamesFromTheModelAreEscaped) {
  TempDir tmp;
  auto html = BuildReportHtml(Quick(HostileNames(tmp.path()), tmp.path() / "r.html"));
  ASSERT_TRUE(html.ok()) << html.status().message();
  EXPECT_EQ(Count(*html, "<script"), 1u);  // the page's own
  EXPECT_EQ(Count(*html, "<b>sig"), 0u);
  EXPECT_NE(html->find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html->find("x&quot;&amp;&lt;y&gt;"), std::string::npos);
}

TEST(ReportTest, QuantizationAndDiffSectionsWhenAsked) {
  TempDir tmp;
  QuantizeRequest q;
  q.mode = "static";
  q.random_samples = 2;
  q.output = tmp.path() / "q.onnx";
  ASSERT_TRUE(QuantizeModelFile(SampleModel(), q).ok());
  ReportRequest r = Quick(SampleModel(), tmp.path() / "r.html");
  r.runs = 0;
  r.quantized = q.output;
  r.vs = q.output;
  auto html = BuildReportHtml(r);
  ASSERT_TRUE(html.ok()) << html.status().message();
  EXPECT_EQ(html->find("id=\"profile\""), std::string::npos);  // runs 0: no profile
  for (const char* part : {"id=\"quantization\"", "Layers, worst SQNR first", "SQNR (dB)",
                           "id=\"diff\"", "Changed nodes", "QuantizeLinear"})
    EXPECT_NE(html->find(part), std::string::npos) << part;
}

TEST(ReportTest, ATraceThatIsMalformedOrOfAnotherModelIsRefusedNamingIt) {
  TempDir tmp;
  ProfileOptions po;
  po.runs = 1;
  auto prof = ProfileModelFile(SampleModel(), po);
  ASSERT_TRUE(prof.ok()) << prof.status().message();
  const fs::path trace = tmp.path() / "sample_trace.json";
  ASSERT_TRUE(WriteTraceFile(trace, prof->events, prof->metadata).ok());
  ReportRequest r = Quick(HostileNames(tmp.path()), tmp.path() / "r.html");
  r.trace = trace;
  auto other = BuildReportHtml(r);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("is a profile of another model"), std::string::npos)
      << other.status().message();
  EXPECT_NE(other.status().message().find(trace.string()), std::string::npos);
  std::ofstream(tmp.path() / "bad.json") << "{\"traceEvents\": [";
  r.trace = tmp.path() / "bad.json";
  auto bad = BuildReportHtml(r);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("bad.json"), std::string::npos) << bad.status().message();
  // The sample's own trace: heat from it, named in the legend.
  r = Quick(SampleModel(), tmp.path() / "r.html");
  r.trace = trace;
  auto own = BuildReportHtml(r);
  ASSERT_TRUE(own.ok()) << own.status().message();
  EXPECT_NE(own->find("the trace &apos;sample_trace.json&apos;"), std::string::npos);
}

TEST(ReportTest, TheReportNeverReplacesWhatItReadsNorAnExistingFileWithoutForce) {
  TempDir tmp;
  const fs::path model = tmp.path() / "m.onnx";
  fs::copy_file(SampleModel(), model);
  const std::string before = Read(model);
  ReportRequest r = Quick(model, model);
  r.force = true;
  Status st = WriteReport(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("the model"), std::string::npos) << st.message();
  EXPECT_EQ(Read(model), before);
  const fs::path existing = tmp.path() / "mine.html";
  std::ofstream(existing) << "mine";
  r = Quick(model, existing);
  st = WriteReport(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("--force"), std::string::npos) << st.message();
  EXPECT_EQ(Read(existing), "mine");
  r = Quick(model, tmp.path() / "no such folder" / "r.html");
  st = WriteReport(r);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("does not exist"), std::string::npos) << st.message();
  r = Quick(model, existing);
  r.force = true;
  r.runs = 0;
  ASSERT_TRUE(WriteReport(r).ok());
  EXPECT_NE(Read(existing).find("</html>"), std::string::npos);
}

}  // namespace
}  // namespace onnxlens::api
