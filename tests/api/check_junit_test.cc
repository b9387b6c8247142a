// `check --junit`: the JUnit XML of passing, failing and unmeasured gates validates against the
// common JUnit schema (tests/data/junit/junit.xsd, with xmllint), counts them, and escapes what a
// model's names may hold (markup, bytes that are not UTF-8, control characters).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "api/check.h"
#include "test_paths.h"

namespace onnxlens::api {
namespace {

namespace fs = std::filesystem;
using onnxlens::testing::SourceDir;
using onnxlens::testing::TempDir;

// xmllint's verdict on `xml` against the schema: 0 valid; -1 without xmllint.
int Validate(const std::string& xml, std::string* out) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) return -1;
  TempDir tmp;
  const fs::path file = tmp.path() / "junit.xml", log = tmp.path() / "log.txt";
  std::ofstream(file) << xml;
  const std::string cmd = "xmllint --noout --schema '" +
                          (SourceDir() / "tests/data/junit/junit.xsd").string() + "' '" +
                          file.string() + "' >'" + log.string() + "' 2>&1";
  const int rc = std::system(cmd.c_str());
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : rc;
}

CheckReport Report() {
  CheckReport r;
  r.model = "/models/my <model> & \"co\".onnx";
  r.level = "all";
  r.threads = 2;
  r.cpu_isa = "avx2";
  r.runs = 30;
  r.dims = {{"batch", 1}};
  GateResult p50;
  p50.name = "max-p50-ms";
  p50.limit = "at most 10 ms";
  p50.measured = "P50 12.5 ms over 30 runs";
  p50.value = 12.5;
  p50.seconds = 1.25;
  GateResult nodes;
  nodes.name = "max-nodes";
  nodes.limit = "at most 100";
  nodes.measured = "69 nodes";
  nodes.value = 69;
  nodes.passed = true;
  GateResult ort;
  ort.name = "ort-loadable";
  ort.limit = "ONNX Runtime loads it";
  ort.measured = "1 finding(s)";
  ort.value = 1;
  ort.details = {"node '<script>alert(1)</script>' (x.Op) \xff\xfe bad bytes \x01 and \xe2\x82"};
  GateResult cosine;
  cosine.name = "min-cosine";
  cosine.limit = "at least 0.99";
  cosine.value = std::nan("");
  cosine.error = "'/models/m.onnx': not a valid ONNX model ]]> <![CDATA[";
  r.gates = {p50, nodes, ort, cosine};
  return r;
}

TEST(CheckJUnit, ValidatesAgainstTheJUnitSchemaAndCountsEachKind) {
  const std::string xml = CheckJUnitXml(Report());
  std::string log;
  const int rc = Validate(xml, &log);
  if (rc == -1) GTEST_SKIP() << "xmllint is not installed (Debian: libxml2-utils)";
  EXPECT_EQ(rc, 0) << log << "\n" << xml;
  EXPECT_NE(xml.find("tests=\"4\" failures=\"2\" errors=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testcase name=\"max-nodes\" classname=\"my &lt;model&gt; &amp; "
                     "&quot;co&quot;.onnx\" time=\"0.000\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<failure message=\"max-p50-ms: P50 12.5 ms over 30 runs; gate: at most "
                     "10 ms\" type=\"GateFailed\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<error message=\"min-cosine: could not be measured: "), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"max-p50-ms\" value=\"12.5\"/>"), std::string::npos);
  EXPECT_EQ(xml.find("property name=\"min-cosine\""), std::string::npos);  // no figure: none
}

TEST(CheckJUnit, NamesAreEscapedAndBytesThatAreNotUtf8Replaced) {
  const std::string xml = CheckJUnitXml(Report());
  EXPECT_EQ(xml.find("<script>"), std::string::npos);
  EXPECT_NE(xml.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(xml.find('\xff'), std::string::npos);
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
  EXPECT_EQ(xml.find("]]>"), std::string::npos);
  EXPECT_NE(xml.find("\xEF\xBF\xBD\xEF\xBF\xBD bad bytes \xEF\xBF\xBD and \xEF\xBF\xBD"),
            std::string::npos)
      << xml;
}

TEST(CheckJUnit, AnAllPassingAndAnEmptyReportAreValidToo) {
  CheckReport pass = Report();
  pass.gates = {pass.gates[1]};
  std::string log;
  int rc = Validate(CheckJUnitXml(pass), &log);
  if (rc == -1) GTEST_SKIP() << "xmllint is not installed (Debian: libxml2-utils)";
  EXPECT_EQ(rc, 0) << log;
  CheckReport empty;
  empty.model = "m.onnx";
  rc = Validate(CheckJUnitXml(empty), &log);
  EXPECT_EQ(rc, 0) << log;
}

}  // namespace
}  // namespace onnxlens::api
