// Exact rational numbers for clock factors and shifts (spec 16.5.2): a
// sub-clock's interval and first tick relative to its base clock are
// products and sums of Integer counters and resolutions, so they are kept as
// gcd-reduced fractions of 64-bit integers. An operation that would overflow
// throws RationalOverflow, which the clocks stage turns into a located error.
#pragma once

#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>

namespace smc::clocks {

struct RationalOverflow : std::runtime_error {
  RationalOverflow() : std::runtime_error("clock factor overflows 64-bit integers") {}
};

inline int64_t checkedMul(int64_t a, int64_t b) {
  int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw RationalOverflow();
  return out;
}

inline int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) throw RationalOverflow();
  return out;
}

// num/den with den > 0 and gcd(num, den) == 1.
class Rational {
public:
  Rational() = default;
  Rational(int64_t num, int64_t den = 1) : num_(num), den_(den) { normalize(); }

  int64_t num() const { return num_; }
  int64_t den() const { return den_; }
  bool isInteger() const { return den_ == 1; }
  bool isZero() const { return num_ == 0; }
  bool isNegative() const { return num_ < 0; }
  double toDouble() const { return double(num_) / double(den_); }

  friend Rational operator+(const Rational& a, const Rational& b) {
    // Over the lcm of the denominators keeps intermediates small.
    int64_t g = std::gcd(a.den_, b.den_);
    int64_t den = checkedMul(a.den_ / g, b.den_);
    return Rational(checkedAdd(checkedMul(a.num_, b.den_ / g), checkedMul(b.num_, a.den_ / g)), den);
  }
  friend Rational operator-(const Rational& a) {
    if (a.num_ == INT64_MIN) throw RationalOverflow();
    return Rational(-a.num_, a.den_);
  }
  friend Rational operator-(const Rational& a, const Rational& b) { return a + (-b); }
  friend Rational operator*(const Rational& a, const Rational& b) {
    // Cross-reduce first so that reduced results never overflow needlessly.
    int64_t g1 = std::gcd(a.num_, b.den_), g2 = std::gcd(b.num_, a.den_);
    if (g1 == 0) g1 = 1;
    if (g2 == 0) g2 = 1;
    return Rational(checkedMul(a.num_ / g1, b.num_ / g2), checkedMul(a.den_ / g2, b.den_ / g1));
  }
  Rational inverse() const {
    if (num_ == 0) throw std::domain_error("inverse of zero");
    return num_ < 0 ? Rational(-den_, -num_) : Rational(den_, num_);
  }
  friend Rational operator/(const Rational& a, const Rational& b) { return a * b.inverse(); }
  friend bool operator==(const Rational& a, const Rational& b) {
    return a.num_ == b.num_ && a.den_ == b.den_;
  }
  friend bool operator<(const Rational& a, const Rational& b) { return (a - b).isNegative(); }

  // "3", "1/2", "-2/3".
  std::string text() const {
    return den_ == 1 ? std::to_string(num_) : std::to_string(num_) + "/" + std::to_string(den_);
  }

private:
  void normalize() {
    if (den_ == 0) throw std::domain_error("zero denominator");
    if (den_ < 0) {
      if (num_ == INT64_MIN || den_ == INT64_MIN) throw RationalOverflow();
      num_ = -num_;
      den_ = -den_;
    }
    int64_t g = std::gcd(num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
    if (num_ == 0) den_ = 1;
  }

  int64_t num_ = 0;
  int64_t den_ = 1;
};

// A sub-clock relative to its base clock B (interval I_B, first tick at 0):
// interval factor * I_B, first tick at shift * I_B.
struct ClockOffset {
  Rational factor{1};
  Rational shift{0};
  friend bool operator==(const ClockOffset&, const ClockOffset&) = default;
};

// clock(x) = T(clock(y)): interval scale * I_y, first tick at
// firstTick_y + delay * I_y. Sub-, super-, shift- and backSample are such
// maps, and they form a group, which the weighted union-find of the clock
// inference relies on.
struct ClockTransform {
  Rational scale{1};
  Rational delay{0};

  ClockOffset apply(const ClockOffset& c) const { return {scale * c.factor, c.shift + delay * c.factor}; }
  // this after inner: apply(inner) first, then this.
  ClockTransform after(const ClockTransform& inner) const {
    return {inner.scale * scale, inner.delay + inner.scale * delay};
  }
  ClockTransform inverse() const {
    Rational inv = scale.inverse();
    return {inv, -(delay * inv)};
  }
  bool isIdentity() const { return scale == Rational(1) && delay.isZero(); }
  friend bool operator==(const ClockTransform&, const ClockTransform&) = default;
};

}  // namespace smc::clocks
