// Status and Expected<T>: errors a model file or a user can cause, carried as values.
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace onnxlens {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  ///< the caller (user, CLI flag) asked for something that is not possible
  kInvalidModel,     ///< the model file is malformed or inconsistent
  kNotFound,         ///< a file, node or tensor does not exist
  kIoError,          ///< reading or writing a file failed
  kUnsupported,      ///< valid, but not something onnxlens can do (yet)
  kOutOfRange,       ///< an index, size or offset outside what is allowed
  kCancelled,        ///< the user cancelled a long operation
  kInternal,         ///< a bug in onnxlens
};

std::string_view StatusCodeName(StatusCode code);

/// The result of an operation that can fail. A non-ok Status always has a message that names the
/// file, node, op or tensor concerned and what was wrong.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  /// Returns this status with "context: " put in front of the message (no-op when ok).
  Status WithContext(std::string_view context) const;

  /// "invalid model: <message>" style text for logs.
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status InvalidModel(std::string msg) { return {StatusCode::kInvalidModel, std::move(msg)}; }
inline Status InvalidArgument(std::string msg) {
  return {StatusCode::kInvalidArgument, std::move(msg)};
}
inline Status NotFound(std::string msg) { return {StatusCode::kNotFound, std::move(msg)}; }
inline Status IoError(std::string msg) { return {StatusCode::kIoError, std::move(msg)}; }
inline Status Unsupported(std::string msg) { return {StatusCode::kUnsupported, std::move(msg)}; }
inline Status OutOfRange(std::string msg) { return {StatusCode::kOutOfRange, std::move(msg)}; }
inline Status Cancelled(std::string msg) { return {StatusCode::kCancelled, std::move(msg)}; }
inline Status Internal(std::string msg) { return {StatusCode::kInternal, std::move(msg)}; }

/// A value of type T or a non-ok Status.
template <typename T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}        // NOLINT: implicit by design
  Expected(Status status) : v_(std::move(status)) {  // NOLINT: implicit by design
    assert(!std::get<Status>(v_).ok() && "Expected constructed from an ok Status");
  }

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }

  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & {
    assert(ok());
    return std::get<T>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<T>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace onnxlens

#define OL_CONCAT_INNER(a, b) a##b
#define OL_CONCAT(a, b) OL_CONCAT_INNER(a, b)

/// Returns the status from the enclosing function when `expr` is not ok.
#define OL_RETURN_IF_ERROR(expr)             \
  do {                                       \
    ::onnxlens::Status ol_status_ = (expr);  \
    if (!ol_status_.ok()) return ol_status_; \
  } while (0)

#define OL_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                             \
  if (!tmp.ok()) return tmp.status();            \
  lhs = std::move(tmp).value()

/// `OL_ASSIGN_OR_RETURN(auto x, MakeX());` declares x or returns the error.
#define OL_ASSIGN_OR_RETURN(lhs, expr) \
  OL_ASSIGN_OR_RETURN_IMPL(OL_CONCAT(ol_expected_, __LINE__), lhs, expr)
