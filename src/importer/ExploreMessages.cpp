// See ExploreMessages.h.
#include "importer/ExploreMessages.h"

#include <cstring>

namespace smc::importer::exploremsg {
namespace {

class WordWriter {
public:
  WordWriter& word(uint64_t value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
    return *this;
  }
  WordWriter& bytes(const std::string& data) {
    word(data.size());
    bytes_ += data;
    return *this;
  }
  WordWriter& path(const Path& path) {
    word(path.size());
    for (std::size_t c : path) word(c);
    return *this;
  }
  WordWriter& optionalPath(const std::optional<Path>& path) {
    word(path ? 1 : 0);
    return path ? this->path(*path) : *this;
  }
  std::string take() { return std::move(bytes_); }

private:
  std::string bytes_;
};

// Reads from `bytes`, which must outlive it.
class WordReader {
public:
  explicit WordReader(const std::string& bytes) : bytes_(bytes) {}
  bool word(uint64_t& value) {
    if (bytes_.size() - at_ < sizeof value) return false;
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return true;
  }
  bool bytes(std::string& data) {
    uint64_t size = 0;
    if (!word(size) || bytes_.size() - at_ < size) return false;
    data = bytes_.substr(at_, size);
    at_ += size;
    return true;
  }
  // A path of at most maxLength choices, each below `choices`.
  bool path(Path& path, std::size_t maxLength, std::size_t choices) {
    uint64_t length = 0;
    if (!word(length) || length > maxLength) return false;
    for (uint64_t j = 0, c = 0; j < length; ++j) {
      if (!word(c) || c >= choices) return false;
      path.push_back(static_cast<std::size_t>(c));
    }
    return true;
  }
  bool optionalPath(std::optional<Path>& path, std::size_t maxLength, std::size_t choices) {
    uint64_t present = 0;
    if (!word(present)) return false;
    return !present || this->path(path.emplace(), maxLength, choices);
  }
  std::string rest() const { return bytes_.substr(at_); }

private:
  const std::string& bytes_;
  std::size_t at_ = 0;
};

// A result is one letter and its words: `kind` with the data, or 'E', the
// error's level and its message. The words, or nothing when the letter is
// not `kind`.
std::optional<std::string> wordsOf(const std::string& bytes, char kind, std::string& error, std::size_t& level) {
  if (!bytes.empty() && bytes[0] == 'E') {
    uint64_t at = 0;
    if (bytes.size() > 1 + sizeof at) {
      std::memcpy(&at, bytes.data() + 1, sizeof at);
      level = static_cast<std::size_t>(at);
      error = bytes.substr(1 + sizeof at);
    }
    return std::nullopt;
  }
  if (bytes.empty() || bytes[0] != kind) return std::nullopt;
  return bytes.substr(1);
}

std::string encodeError(const std::string& message, std::size_t level) {
  WordWriter out;
  out.word(level);
  return "E" + out.take() + errorText(message);
}

}  // namespace

std::string errorText(const std::string& message) {
  return message.empty() ? "an FMI call failed without saying why" : message;
}

std::string encodeStart(std::size_t bound, const Path& path, const std::string& state) {
  WordWriter out;
  out.word(bound).path(path);
  return out.take() + state;
}

std::optional<TaskStart> decodeStart(const std::string& bytes, std::size_t maxDepth, std::size_t choices) {
  WordReader in(bytes);
  uint64_t bound = 0;
  TaskStart start;
  if (!in.word(bound) || !in.path(start.path, maxDepth, choices)) return std::nullopt;
  start.bound = static_cast<std::size_t>(bound);
  start.depth = start.path.size();
  start.state = in.rest();
  return start;
}

std::string encodeOutcome(const SubtreeOutcome& outcome) {
  if (!outcome.error.empty()) return encodeError(outcome.error, outcome.errorLevel);
  WordWriter out;
  out.optionalPath(outcome.found).word(outcome.figures.nodes.size());
  for (uint64_t n : outcome.figures.nodes) out.word(n);
  for (uint64_t p : outcome.figures.periods) out.word(p);
  out.word(outcome.figures.resimulatedNodes).word(outcome.figures.resimulatedPeriods);
  return "R" + out.take();
}

SubtreeOutcome decodeOutcome(const std::string& bytes, std::size_t depth, std::size_t choices) {
  SubtreeOutcome outcome{"", std::nullopt, Figures(depth)};
  std::optional<std::string> words = wordsOf(bytes, 'R', outcome.error, outcome.errorLevel);
  if (!outcome.error.empty()) return outcome;
  const std::string text = words.value_or(std::string());
  WordReader in(text);
  uint64_t levels = 0;
  bool ok = words && in.optionalPath(outcome.found, depth, choices) && in.word(levels) && levels == depth + 1;
  for (std::size_t k = 0; ok && k <= depth; ++k) ok = in.word(outcome.figures.nodes[k]);
  for (std::size_t k = 0; ok && k <= depth; ++k) ok = in.word(outcome.figures.periods[k]);
  ok = ok && in.word(outcome.figures.resimulatedNodes) && in.word(outcome.figures.resimulatedPeriods);
  if (!ok) {
    outcome.error = "a rank sent a subtree result that cannot be read";
    outcome.errorLevel = 0;
  }
  return outcome;
}

std::string encodeExpansion(const Expansion& e) {
  if (!e.error.empty()) return encodeError(e.error, 0);
  WordWriter out;
  out.optionalPath(e.found).word(e.nodes).word(e.periods).word(e.children.paths.size());
  for (std::size_t i = 0; i < e.children.paths.size(); ++i)
    out.path(e.children.paths[i]).bytes(i < e.children.states.size() ? e.children.states[i] : std::string());
  return "X" + out.take();
}

Expansion decodeExpansion(const std::string& bytes, std::size_t depth, std::size_t choices, bool withStates) {
  Expansion e;
  std::size_t level = 0;
  std::optional<std::string> words = wordsOf(bytes, 'X', e.error, level);
  if (!e.error.empty()) return e;
  const std::string text = words.value_or(std::string());
  WordReader in(text);
  uint64_t count = 0;
  bool ok = words && in.optionalPath(e.found, depth, choices) && in.word(e.nodes) && in.word(e.periods) &&
            in.word(count) && count <= choices;
  for (uint64_t i = 0; ok && i < count; ++i) {
    std::string state;
    ok = in.path(e.children.paths.emplace_back(), depth, choices) && in.bytes(state);
    if (withStates) e.children.states.push_back(std::move(state));
  }
  if (!ok) e.error = "a rank sent an expansion result that cannot be read";
  return e;
}

}  // namespace smc::importer::exploremsg
