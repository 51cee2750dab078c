// See ByteCharStream.h; the semantics are ANTLRInputStream's.
#include "frontend/ByteCharStream.h"

#include <algorithm>

namespace smc::frontend {

void ByteCharStream::consume() {
  if (position_ >= bytes_.size()) throw antlr4::IllegalStateException("cannot consume EOF");
  ++position_;
}

size_t ByteCharStream::LA(ssize_t i) {
  if (i == 0) return 0;  // undefined
  // LA(1) is the current byte, LA(-1) the one before it.
  const ssize_t at = static_cast<ssize_t>(position_) + (i > 0 ? i - 1 : i);
  if (at < 0 || at >= static_cast<ssize_t>(bytes_.size())) return antlr4::IntStream::EOF;
  return static_cast<unsigned char>(bytes_[static_cast<size_t>(at)]);
}

void ByteCharStream::seek(size_t index) { position_ = std::min(index, bytes_.size()); }

std::string ByteCharStream::getText(const antlr4::misc::Interval& interval) {
  if (interval.a < 0 || interval.b < interval.a) return {};
  const size_t start = static_cast<size_t>(interval.a);
  if (start >= bytes_.size()) return {};
  const size_t stop = std::min(static_cast<size_t>(interval.b), bytes_.size() - 1);
  return std::string(bytes_.substr(start, stop - start + 1));
}

}  // namespace smc::frontend
