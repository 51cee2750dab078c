// ANTLR's character stream over a file's bytes, without a copy. ANTLR's own
// ANTLRInputStream decodes UTF-8 into a UTF-32 string, four bytes for every
// byte of the file, and its decoder throws on malformed input; here one byte
// is one "character" (0-255), so a token's start and stop are byte offsets,
// which is what SourceLocation's column counts (TokenLocator.h).
#pragma once

#include <antlr4-runtime.h>

#include <string_view>

namespace smc::frontend {

class ByteCharStream : public antlr4::CharStream {
public:
  // `bytes` must outlive the stream.
  explicit ByteCharStream(std::string_view bytes) : bytes_(bytes) {}

  void consume() override;
  size_t LA(ssize_t i) override;
  ssize_t mark() override { return -1; }  // every byte stays available
  void release(ssize_t) override {}
  size_t index() override { return position_; }
  void seek(size_t index) override;
  size_t size() override { return bytes_.size(); }
  std::string getSourceName() const override { return "<bytes>"; }
  // The bytes of [interval.a, interval.b], clipped to the text.
  std::string getText(const antlr4::misc::Interval& interval) override;
  std::string toString() const override { return std::string(bytes_); }

private:
  std::string_view bytes_;
  size_t position_ = 0;
};

}  // namespace smc::frontend
