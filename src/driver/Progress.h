// A progress line on stderr for long runs (`smc simulate`, `smc explore`):
// drawn only when stderr is a terminal, only once the run has lasted a
// second (short runs stay quiet), and redrawn at most ten times a second,
// so that drawing never costs the run noticeable time.
#pragma once

#include <chrono>
#include <string>

namespace smc {

class ProgressLine {
public:
  // `label` starts the line ("simulating").
  explicit ProgressLine(std::string label);
  ~ProgressLine();  // clears the line if it was drawn

  static bool terminal();
  // `fraction` of the work done (0..1) and a short text after the bar.
  void update(double fraction, const std::string& text);

private:
  std::string label_;
  std::chrono::steady_clock::time_point began_, drawn_;
  bool shown_ = false;
};

}  // namespace smc
