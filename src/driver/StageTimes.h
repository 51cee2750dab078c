// Wall time and peak memory of each stage of one compilation, for
// `smc --time-stages` and the compile-time benchmark (bench/). A stage is
// whatever ran between two calls of finish(), so the stages add up to the
// whole compilation. Peak memory is the process's resident high-water mark
// when the stage ended (getrusage), so it never decreases along the table.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace smc {

struct StageTime {
  std::string stage;
  double seconds = 0;
  double peakMiB = 0;
};

class StageTimes {
public:
  StageTimes();

  // Ends `stage`, which ran since the previous finish() (or construction).
  void finish(std::string stage);

  const std::vector<StageTime>& stages() const { return stages_; }

  // The model's scalar equations (countScalarEquations) once the state
  // machines are lowered to the chapter's equations: the size the
  // compile-time goals are stated in.
  void setEquations(size_t count) { equations_ = count; }
  // The equations alias elimination removed before matching, of the
  // continuous equations it looked at (causalize/AliasElimination.h).
  void setAliasEquations(size_t removed, size_t of) { aliasEquations_ = std::make_pair(removed, of); }

  // One row per stage, then the total: "stage  seconds  peak MiB", aligned;
  // then "equations  N" when setEquations() was called, and "alias
  // equations  R of E (removed before matching)" when setAliasEquations()
  // was.
  std::string table() const;

private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_, last_;
  std::vector<StageTime> stages_;
  std::optional<size_t> equations_;
  std::optional<std::pair<size_t, size_t>> aliasEquations_;
};

}  // namespace smc
