// How the importer reports failure: every fallible function returns a
// Result<T>, either a value or an Error whose message is a complete,
// lower-case sentence fit for the user ("fmi2DoStep returned fmi2Error at
// t=0.5"). No exception leaves the importer's API; the driver prints the
// message and exits with status 1.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace smc::importer {

struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { return std::get<Error>(state_); }

private:
  std::variant<T, Error> state_;
};

// Result of an action that yields nothing but may fail.
template <>
class [[nodiscard]] Result<void> {
public:
  Result() = default;
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

private:
  std::optional<Error> error_;
};

}  // namespace smc::importer
