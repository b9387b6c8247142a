// Trace JSON via nlohmann::json.
#include "profiling/trace_json.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <istream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <streambuf>

#include "common/file_util.h"
#include "common/strings.h"

namespace onnxlens::profiling {

namespace {

using Json = nlohmann::ordered_json;

// Nanosecond resolution is plenty and keeps the numbers short.
double Round(double us) { return std::round(us * 1000.0) / 1000.0; }

Json EventToJson(const TraceEvent& e) {
  Json j;
  j["name"] = e.name;
  if (!e.cat.empty()) j["cat"] = e.cat;
  j["ph"] = std::string(1, e.ph);
  j["ts"] = Round(e.ts_us);
  if (e.ph == 'X') j["dur"] = Round(e.dur_us);
  j["pid"] = e.pid;
  j["tid"] = e.tid;
  if (!e.args.empty()) {
    Json args = Json::object();
    for (const TraceArg& a : e.args) {
      if (a.json) {
        Json parsed = Json::parse(a.value, nullptr, /*allow_exceptions=*/false);
        args[a.key] = parsed.is_discarded() ? Json(a.value) : parsed;
      } else {
        args[a.key] = a.value;
      }
    }
    j["args"] = std::move(args);
  }
  return j;
}

constexpr size_t kMaxReasons = 5;

void Skip(Trace* t, size_t index, const std::string& why) {
  ++t->skipped;
  if (t->skipped_reasons.size() < kMaxReasons)
    t->skipped_reasons.push_back("event " + std::to_string(index) + ": " + why);
}

// Names, categories and argument texts longer than this are shortened (a 100 MB event name made
// the GUI's timeline measure and elide 100 MB of text per frame).
constexpr size_t kMaxText = 64 * 1024;
// An argument kept as JSON (arrays, objects) holds at most this many values; beyond it the
// argument is replaced by a note (a 100 MB array of numbers became gigabytes of JSON nodes).
constexpr size_t kMaxArgValues = 64 * 1024;

// `v` cut at kMaxText bytes (on a UTF-8 character boundary) with a note of its full size.
std::string Shortened(std::string v, int64_t* count) {
  if (v.size() <= kMaxText) return v;
  size_t cut = kMaxText;
  while (cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) --cut;
  const size_t full = v.size();
  v.resize(cut);
  v += "… [" + FormatBytes(full) + ", shortened]";
  ++*count;
  return v;
}

// Times beyond these are no real trace's: the sum of a few durations of 1e308 us was infinite
// ("inf%", a 309-digit time in trace-summary). Bounded, a billion events sum to at most 1e24 us.
// Microseconds since the epoch (some chrome://tracing writers) are about 1.7e15.
constexpr double kMaxTimestampUs = 1e18;  // about 31,700 years
constexpr double kMaxDurationUs = 1e15;   // about 31.7 years

// One numeric field of an event: a number, or a string holding one (some writers quote ids).
struct NumberField {
  bool ok = false;
  double value = 0;
  void Set(double v) {
    value = v;
    ok = std::isfinite(v);
  }
  void SetText(const std::string& text) {
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    ok = !text.empty() && *end == '\0' && std::isfinite(value);
  }
  /// The value as an id (pid, tid): false when it does not fit in 64 bits (converting such a
  /// double is undefined; 9223372036854775807 in a file reads as 2^63, one too many).
  bool ToId(int64_t* id) const {
    if (!ok || !(value >= -0x1p63 && value < 0x1p63)) return false;
    *id = static_cast<int64_t>(value);
    return true;
  }
};

// Reads a trace with nlohmann's SAX interface straight into events: no document of the whole file
// is built (a million events would take gigabytes of JSON nodes). Only values that stay JSON (an
// argument holding an array or object, as ONNX Runtime's input_type_shape) become small documents.
class TraceSax : public nlohmann::json_sax<nlohmann::json> {
 public:
  explicit TraceSax(Trace* trace) : trace_(trace) {}

  bool root_array = false, root_object = false, saw_events = false;

  bool null() override { return Primitive(Json(nullptr)); }
  bool boolean(bool v) override { return Primitive(Json(v)); }
  bool number_integer(number_integer_t v) override {
    return Number(static_cast<double>(v), Json(v));
  }
  bool number_unsigned(number_unsigned_t v) override {
    return Number(static_cast<double>(v), Json(v));
  }
  bool number_float(number_float_t v, const string_t&) override { return Number(v, Json(v)); }
  bool string(string_t& v) override {
    switch (Top()) {
      case kEvent:
        if (key_ == "ph") {
          ph_ = v.size() <= 2 ? v : std::string("??");
          has_ph_ = true;
        } else if (key_ == "name") {
          event_.name = Shortened(std::move(v), &trace_->shortened);
        } else if (key_ == "cat") {
          event_.cat = Shortened(std::move(v), &trace_->shortened);
        } else if (NumberField* f = Field()) {
          f->SetText(v);
        }
        return true;
      case kArgs:
        event_.args.push_back({Key(), Shortened(std::move(v), &trace_->shortened), false});
        return true;
      case kOther:
        trace_->metadata.emplace_back(Key(), Shortened(std::move(v), &trace_->shortened));
        return true;
      default:
        return Primitive(Json(v));
    }
  }
  bool binary(binary_t&) override { return Primitive(Json(nullptr)); }

  bool start_object(std::size_t) override { return Open(true); }
  bool start_array(std::size_t) override { return Open(false); }
  bool key(string_t& k) override {
    if (Top() == kDom)
      dom_keys_.back() = Shortened(std::move(k), &trace_->shortened);
    else
      key_ = std::move(k);
    return true;
  }
  bool end_object() override { return Close(); }
  bool end_array() override { return Close(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    error_position = position;
    // "[json.exception.parse_error.101] parse error at line 1, column 20: …": keep from "at".
    // "[json.exception.parse_error.101] parse error at line 1, column 20: syntax error …": keep
    // what follows the position (the caller states the position in the file's terms).
    error_message = e.what();
    const size_t at = error_message.find(" at line ");
    const size_t colon = at == std::string::npos ? at : error_message.find(": ", at);
    if (colon != std::string::npos) error_message = error_message.substr(colon + 2);
    return false;
  }
  std::size_t error_position = 0;
  std::string error_message;
  bool too_deep = false;
  static constexpr size_t kMaxDepth = 64;

 private:
  enum Kind { kRootObject, kEvents, kEvent, kArgs, kOther, kDom, kSkip };

  Kind Top() const { return stack_.empty() ? kSkip : stack_.back(); }

  // The current key as an argument or metadata name (shortened when huge).
  std::string Key() { return Shortened(key_, &trace_->shortened); }

  // An argument or metadata value kept as JSON text.
  std::string Dumped(const Json& v) {
    return Shortened(v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                     &trace_->shortened);
  }

  NumberField* Field() {
    if (key_ == "ts") return &ts_;
    if (key_ == "dur") return &dur_;
    if (key_ == "pid") return &pid_;
    if (key_ == "tid") return &tid_;
    return nullptr;
  }

  bool Number(double v, Json j) {
    if (Top() == kEvent) {
      if (NumberField* f = Field()) f->Set(v);
      return true;
    }
    return Primitive(std::move(j));
  }

  // A value that is not a string where the structure does not care about it.
  bool Primitive(Json v) {
    switch (Top()) {
      case kEvents:  // an element that is not an event object
        Skip(trace_, index_++, "not an object");
        return true;
      case kArgs:
        event_.args.push_back({Key(), Dumped(v), true});
        return true;
      case kOther:
        trace_->metadata.emplace_back(Key(), Dumped(v));
        return true;
      case kDom:
        Insert(std::move(v));
        return true;
      default:
        return true;  // ph / name / cat of the wrong type, unknown keys: ignored
    }
  }

  void Insert(Json v) {
    if (++dom_values_ > kMaxArgValues) return;  // reported when the argument closes
    Json& parent = dom_.back();
    if (parent.is_array())
      parent.push_back(std::move(v));
    else
      parent[dom_keys_.back()] = std::move(v);
  }

  bool Open(bool object) {
    // Arguments kept as JSON become documents that are dumped recursively: a file nesting
    // 100,000 arrays overflowed the stack. Traces never nest deeper than a few levels.
    if (stack_.size() >= kMaxDepth) {
      too_deep = true;
      return false;
    }
    if (stack_.empty()) {  // the root
      root_array = !object;
      root_object = object;
      stack_.push_back(object ? kRootObject : kEvents);
      if (!object) saw_events = true;
      return true;
    }
    switch (Top()) {
      case kRootObject:
        if (!object && key_ == "traceEvents") {
          saw_events = true;
          stack_.push_back(kEvents);
        } else if (object && key_ == "otherData") {
          stack_.push_back(kOther);
        } else {
          stack_.push_back(kSkip);
        }
        return true;
      case kEvents:
        if (object) {
          event_ = TraceEvent();
          ph_.clear();
          has_ph_ = false;
          ts_ = dur_ = pid_ = tid_ = NumberField();
          stack_.push_back(kEvent);
        } else {
          Skip(trace_, index_++, "not an object");
          stack_.push_back(kSkip);
        }
        return true;
      case kEvent:
        stack_.push_back(object && key_ == "args" ? kArgs : kSkip);
        return true;
      case kArgs:
      case kOther:
        dom_owner_ = Top();
        dom_owner_key_ = Key();
        dom_values_ = 0;
        stack_.push_back(kDom);
        dom_.push_back(object ? Json::object() : Json::array());
        dom_keys_.emplace_back();
        return true;
      case kDom:
        stack_.push_back(kDom);
        dom_.push_back(object ? Json::object() : Json::array());
        dom_keys_.emplace_back();
        return true;
      default:
        stack_.push_back(kSkip);
        return true;
    }
  }

  bool Close() {
    if (stack_.empty()) return false;
    const Kind k = stack_.back();
    stack_.pop_back();
    if (k == kEvent) {
      FinishEvent();
    } else if (k == kDom) {
      Json done = std::move(dom_.back());
      dom_.pop_back();
      dom_keys_.pop_back();
      if (!dom_.empty()) {
        Insert(std::move(done));
        return true;
      }
      const bool as_json = dom_values_ <= kMaxArgValues;
      if (!as_json) ++trace_->shortened;
      std::string text = as_json
                             ? Dumped(done)
                             : "[more than " + std::to_string(kMaxArgValues) + " values, left out]";
      if (dom_owner_ == kArgs) {
        event_.args.push_back({dom_owner_key_, std::move(text), as_json});
      } else {
        trace_->metadata.emplace_back(dom_owner_key_, std::move(text));
      }
    }
    return true;
  }

  void FinishEvent() {
    const size_t i = index_++;
    if (!has_ph_ || ph_.size() != 1) {
      Skip(trace_, i, "no phase (ph)");
      return;
    }
    TraceEvent& e = event_;
    e.ph = ph_[0];
    if (e.ph != 'X' && e.ph != 'M' && e.ph != 'i' && e.ph != 'I' && e.ph != 'B' && e.ph != 'E' &&
        e.ph != 'C') {
      Skip(trace_, i, "phase '" + std::string(1, e.ph) + "' is not read");
      return;
    }
    const bool need_ts = e.ph != 'M';
    if ((need_ts && !ts_.ok) || !pid_.ok || !tid_.ok) {
      Skip(trace_, i, Quote(e.name) + " lacks a numeric ts, pid or tid");
      return;
    }
    if (e.ph == 'X' && (!dur_.ok || dur_.value < 0)) {
      Skip(trace_, i, Quote(e.name) + " has no duration >= 0");
      return;
    }
    if (e.ph == 'X' && dur_.value > kMaxDurationUs) {
      Skip(trace_, i, Quote(e.name) + " lasts more than 1e15 us (31 years)");
      return;
    }
    if (ts_.ok && std::abs(ts_.value) > kMaxTimestampUs) {
      Skip(trace_, i, Quote(e.name) + " has a timestamp beyond +-1e18 us");
      return;
    }
    if (!pid_.ToId(&e.pid) || !tid_.ToId(&e.tid)) {
      Skip(trace_, i, Quote(e.name) + " has a pid or tid that does not fit in 64 bits");
      return;
    }
    e.ts_us = ts_.ok ? ts_.value : 0;
    e.dur_us = e.ph == 'X' ? dur_.value : 0;
    if (e.ph == 'B' || e.ph == 'E')
      begin_end.push_back({i, std::move(e)});  // paired into 'X' slices after the parse
    else
      trace_->events.push_back(std::move(e));
  }

 public:
  /// 'B' / 'E' events with their index in the file, for PairBeginEnd.
  std::vector<std::pair<size_t, TraceEvent>> begin_end;

 private:
  Trace* trace_;
  std::vector<Kind> stack_;
  std::string key_;
  size_t index_ = 0;
  TraceEvent event_;
  std::string ph_;
  bool has_ph_ = false;
  NumberField ts_, dur_, pid_, tid_;
  std::vector<Json> dom_;
  std::vector<std::string> dom_keys_;
  Kind dom_owner_ = kArgs;
  std::string dom_owner_key_;
  size_t dom_values_ = 0;  ///< values in the argument document being built
};

}  // namespace

namespace {

std::string TraceHead() { return "{\"traceEvents\": [\n"; }

std::string TraceTail(const TraceMetadata& metadata) {
  Json other = Json::object();
  other["producer"] = "onnxlens";
  for (const auto& [k, v] : metadata) other[k] = v;
  return "],\n\"displayTimeUnit\": \"ms\",\n\"otherData\": " +
         other.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "}\n";
}

}  // namespace

std::string TraceToJson(const std::vector<TraceEvent>& events, const TraceMetadata& metadata) {
  // One event per line: readable, diffable, and still one JSON document.
  std::string out = TraceHead();
  for (size_t i = 0; i < events.size(); ++i) {
    out += EventToJson(events[i]).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out += i + 1 < events.size() ? ",\n" : "\n";
  }
  return out + TraceTail(metadata);
}

Status WriteTraceFile(const std::filesystem::path& path, const std::vector<TraceEvent>& events,
                      const TraceMetadata& metadata, const JobControl& job) {
  // Streamed event by event (no string of the whole file); the temp file is dropped on a cancel.
  return WriteFileAtomically(path, [&](std::FILE* f) {
    auto put = [&](const std::string& text) {
      return std::fwrite(text.data(), 1, text.size(), f) == text.size();
    };
    const Status io = IoError("cannot write " + Quote(path.string()));
    if (!put(TraceHead())) return io;
    std::string chunk;
    for (size_t i = 0; i < events.size(); ++i) {
      chunk +=
          EventToJson(events[i]).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      chunk += i + 1 < events.size() ? ",\n" : "\n";
      if (chunk.size() >= (1u << 20) || i + 1 == events.size()) {
        if (!put(chunk)) return io;
        chunk.clear();
        if (!job.Report(Stage::kWritingTrace, static_cast<double>(i + 1) / events.size()))
          return Cancelled("writing " + path.string() + " was cancelled");
      }
    }
    if (!put(TraceTail(metadata))) return io;
    return Status::Ok();
  });
}

namespace {

// A character iterator over the text that reports progress every MiB; when the job is cancelled
// it jumps to the end, so the parse ends (with an error the caller recognises as the cancel).
struct ProgressState {
  const char* begin = nullptr;
  const char* end = nullptr;
  const JobControl* job = nullptr;
  bool cancelled = false;
};

class ProgressIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  ProgressIterator(const char* p, ProgressState* state) : p_(p), state_(state) {}
  reference operator*() const { return *p_; }
  ProgressIterator& operator++() {
    ++p_;
    constexpr std::ptrdiff_t kStep = std::ptrdiff_t{1} << 20;
    if (((p_ - state_->begin) & (kStep - 1)) == 0 && p_ != state_->end) Report();
    return *this;
  }
  ProgressIterator operator++(int) {
    ProgressIterator old = *this;
    ++*this;
    return old;
  }
  bool operator==(const ProgressIterator& o) const { return p_ == o.p_; }
  bool operator!=(const ProgressIterator& o) const { return p_ != o.p_; }

 private:
  void Report() {
    const double f =
        static_cast<double>(p_ - state_->begin) / static_cast<double>(state_->end - state_->begin);
    if (!state_->job->Report(Stage::kReadingTrace, f)) {
      state_->cancelled = true;
      p_ = state_->end;
    }
  }
  const char* p_;
  ProgressState* state_;
};

}  // namespace

namespace {

// Duration events as begin / end pairs (chrome://tracing's "B" and "E") become complete "X"
// events: per thread, in time order (file order among equal times), each E closes the innermost
// open B; E's arguments join B's. An E with nothing open or a B never closed is skipped.
void PairBeginEnd(std::vector<std::pair<size_t, TraceEvent>> be, Trace* trace) {
  std::stable_sort(be.begin(), be.end(), [](const auto& a, const auto& b) {
    if (a.second.pid != b.second.pid) return a.second.pid < b.second.pid;
    if (a.second.tid != b.second.tid) return a.second.tid < b.second.tid;
    return a.second.ts_us < b.second.ts_us;
  });
  std::vector<std::pair<size_t, TraceEvent>*> open;
  auto close_thread = [&] {
    for (auto* b : open)
      Skip(trace, b->first, Quote(b->second.name) + " begins (B) but never ends");
    open.clear();
  };
  for (size_t k = 0; k < be.size(); ++k) {
    auto& [index, e] = be[k];
    if (k > 0 && (e.pid != be[k - 1].second.pid || e.tid != be[k - 1].second.tid)) close_thread();
    if (e.ph == 'B') {
      open.push_back(&be[k]);
      continue;
    }
    if (open.empty()) {
      Skip(trace, index, "an end (E) with no open begin (B) on its thread");
      continue;
    }
    if (e.ts_us - open.back()->second.ts_us > kMaxDurationUs) {
      Skip(trace, open.back()->first,
           Quote(open.back()->second.name) + " lasts more than 1e15 us (31 years)");
      open.pop_back();
      continue;
    }
    TraceEvent x = std::move(open.back()->second);
    open.pop_back();
    x.ph = 'X';
    x.dur_us = e.ts_us - x.ts_us;
    for (TraceArg& a : e.args) x.args.push_back(std::move(a));
    trace->events.push_back(std::move(x));
  }
  close_thread();
}

}  // namespace

namespace {

// Line and column (1-based, as the JSON lexer counts) of byte `offset`, from the text before it.
struct LineColumn {
  uint64_t line = 1, column = 0;
  void Add(const char* p, size_t n) {
    for (size_t i = 0; i < n; ++i) {
      if (p[i] == '\n') {
        ++line;
        column = 0;
      } else {
        ++column;
      }
    }
  }
  std::string Text() const {
    return "at line " + std::to_string(line) + ", column " + std::to_string(column);
  }
};

LineColumn LineColumnInText(const std::string& text, uint64_t offset) {
  LineColumn lc;
  lc.Add(text.data(), static_cast<size_t>(std::min<uint64_t>(offset, text.size())));
  return lc;
}

LineColumn LineColumnInFile(std::FILE* f, uint64_t offset) {
  LineColumn lc;
  std::vector<char> chunk(size_t{1} << 20);
  std::rewind(f);
  while (offset > 0) {
    const size_t n = std::fread(chunk.data(), 1, std::min<uint64_t>(offset, chunk.size()), f);
    if (n == 0) break;
    lc.Add(chunk.data(), n);
    offset -= n;
  }
  return lc;
}

constexpr uint64_t kNoNul = ~uint64_t{0};

// The end of a parse: the cancel, depth, syntax, trailing NUL and "not a trace" errors, then B/E
// pairing. `first_nul` is the byte of the text's first NUL (kNoNul: none).
// `where` gives the line and column of a byte for a syntax error.
template <typename Where>
Expected<Trace> Finish(Trace trace, TraceSax& sax, bool parsed, bool cancelled, uint64_t first_nul,
                       const std::string& source, Where where) {
  if (cancelled) return Cancelled("reading " + source + " was cancelled");
  if (sax.too_deep) {
    return InvalidArgument(source + ": arrays and objects nest deeper than " +
                           std::to_string(TraceSax::kMaxDepth) + " levels; not a trace");
  }
  if (!parsed) {
    return InvalidArgument(source + ": not valid JSON " + where(sax.error_position).Text() +
                           " (byte " + std::to_string(sax.error_position) +
                           "): " + sax.error_message);
  }
  // The JSON lexer takes a NUL byte for the end of the input: a trace followed by NUL bytes
  // parsed. A NUL cannot be inside a value that parsed (strings must escape it): it follows one.
  if (first_nul != kNoNul) {
    return InvalidArgument(source + ": a NUL byte after the JSON " + where(first_nul).Text() +
                           " (byte " + std::to_string(first_nul) +
                           "); only whitespace may follow a trace");
  }
  if (!sax.saw_events) {
    return InvalidArgument(source +
                           ": not a trace (expected an event array or an object with "
                           "\"traceEvents\")");
  }
  if (!sax.begin_end.empty()) PairBeginEnd(std::move(sax.begin_end), &trace);
  return trace;
}

// A file read in 1 MiB chunks for the parser (the whole text is never in memory), reporting
// progress per chunk; a cancel ends the stream. Whitespace between tokens beyond the first 4 KiB
// of a run is dropped: the JSON lexer keeps everything since the last token, so 200 MB of
// whitespace took 200 MB more (2.4 GB when the file was read whole). `OriginalOffset` maps a
// parser position back to the file's byte.
class ChunkedFileBuf : public std::streambuf {
 public:
  ChunkedFileBuf(std::FILE* f, uint64_t size, const JobControl& job)
      : f_(f), size_(size), job_(job), raw_(kChunk), buffer_(kChunk) {}
  bool cancelled() const { return cancelled_; }
  bool failed() const { return failed_; }
  /// The file byte of the first NUL read (kNoNul: none).
  uint64_t first_nul() const { return first_nul_; }

  uint64_t OriginalOffset(uint64_t parsed) const {
    // The drops recorded at or before `parsed`, in order of position.
    auto it = std::upper_bound(drops_.begin(), drops_.end(), parsed,
                               [](uint64_t p, const Drop& d) { return p < d.at; });
    const uint64_t before = it == drops_.begin() ? 0 : std::prev(it)->total;
    return parsed + before + (parsed >= kept_ ? run_dropped_ : 0);
  }

 protected:
  int_type underflow() override {
    while (gptr() == egptr()) {
      if (cancelled_ || failed_) return traits_type::eof();
      const double f = size_ ? static_cast<double>(read_) / static_cast<double>(size_) : 0;
      if (read_ > 0 && !job_.Report(Stage::kReadingTrace, std::min(f, 1.0))) {
        cancelled_ = true;
        return traits_type::eof();
      }
      const size_t n = std::fread(raw_.data(), 1, raw_.size(), f_);
      if (n == 0) {
        failed_ = std::ferror(f_) != 0;
        return traits_type::eof();
      }
      read_ += n;
      const size_t kept = Filter(n);
      setg(buffer_.data(), buffer_.data(), buffer_.data() + kept);
    }
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr size_t kChunk = size_t{1} << 20;
  static constexpr uint64_t kKeepWhitespace = 4096;
  struct Drop {
    uint64_t at;     ///< parser position of the first character after the dropped run
    uint64_t total;  ///< bytes dropped up to and including this run
  };

  // Copies raw_[0, n) to buffer_, leaving out whitespace past kKeepWhitespace in a run outside
  // strings; returns the bytes kept.
  size_t Filter(size_t n) {
    size_t out = 0;
    for (size_t i = 0; i < n; ++i) {
      const char c = raw_[i];
      if (c == '\0' && first_nul_ == kNoNul) first_nul_ = read_ - n + i;
      const bool space = !in_string_ && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
      if (space) {
        if (++run_ > kKeepWhitespace) {
          ++run_dropped_;
          continue;
        }
      } else {
        EndRun(kept_ + out);
        if (in_string_) {
          if (escape_) {
            escape_ = false;
          } else if (c == '\\') {
            escape_ = true;
          } else if (c == '"') {
            in_string_ = false;
          }
        } else if (c == '"') {
          in_string_ = true;
        }
      }
      buffer_[out++] = c;
    }
    kept_ += out;
    return out;
  }

  void EndRun(uint64_t at) {
    if (run_dropped_ > 0) {
      total_dropped_ += run_dropped_;
      drops_.push_back({at, total_dropped_});
      run_dropped_ = 0;
    }
    run_ = 0;
  }

  std::FILE* f_;
  uint64_t size_;
  const JobControl& job_;
  std::vector<char> raw_, buffer_;
  uint64_t read_ = 0, kept_ = 0;
  bool cancelled_ = false, failed_ = false;
  uint64_t first_nul_ = kNoNul;
  bool in_string_ = false, escape_ = false;
  uint64_t run_ = 0, run_dropped_ = 0, total_dropped_ = 0;
  std::vector<Drop> drops_;
};

}  // namespace

Expected<Trace> ParseTrace(const std::string& text, const std::string& source,
                           const JobControl& job) {
  Trace trace;
  TraceSax sax(&trace);
  // Always through the reporting iterator, so that a cancel works without a progress listener.
  ProgressState state;
  state.begin = text.data();
  state.end = text.data() + text.size();
  state.job = &job;
  const bool parsed = nlohmann::json::sax_parse(ProgressIterator(state.begin, &state),
                                                ProgressIterator(state.end, &state), &sax);
  const size_t nul = text.find('\0');
  return Finish(std::move(trace), sax, parsed, state.cancelled,
                nul == std::string::npos ? kNoNul : uint64_t{nul}, source,
                [&](uint64_t at) { return LineColumnInText(text, at); });
}

Expected<Trace> ReadTraceFile(const std::filesystem::path& path, const JobControl& job) {
  const std::string source = path.string();
  if (!job.Report(Stage::kReadingFile, 0, path.filename().string()))
    return Cancelled("reading " + source + " was cancelled");
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return NotFound(Quote(source) + ": no such file");
  // Not a FIFO or a device: the parse would wait on it forever.
  if (!std::filesystem::is_regular_file(status)) {
    return IoError(Quote(source) + ": not a regular file");
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return IoError(Quote(source) + ": cannot open: " + std::strerror(errno));
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (!job.Report(Stage::kReadingTrace, 0))
    return Cancelled("reading " + source + " was cancelled");
  ChunkedFileBuf buf(f.get(), ec ? 0 : size, job);
  std::istream in(&buf);
  Trace trace;
  TraceSax sax(&trace);
  const bool parsed = nlohmann::json::sax_parse(in, &sax);
  if (buf.failed()) return IoError("cannot read " + Quote(source));
  sax.error_position = buf.OriginalOffset(sax.error_position);
  return Finish(std::move(trace), sax, parsed, buf.cancelled(), buf.first_nul(), source,
                [&](uint64_t at) { return LineColumnInFile(f.get(), at); });
}

}  // namespace onnxlens::profiling
