// The result columns of a co-simulation: "component.variable" names, by
// default every output of every component in document order, read at each
// communication point with the importer's per-FMU Recorder (one batch of
// get calls per component), in the order the names were given.
#pragma once

#include "cosim/CoupledSystem.h"
#include "importer/Recorder.h"
#include "importer/Result.h"

#include <string>
#include <vector>

namespace smc::cosim {

class SystemRecorder {
public:
  // An error for a name that matches no component's variable.
  static importer::Result<SystemRecorder> choose(const CoupledSystem& system,
                                                 const std::vector<std::string>& names,
                                                 std::vector<std::string>& warnings);

  // "time" first.
  std::vector<std::string> columns() const;
  importer::Result<void> read(CoupledSystem& system, double time, std::vector<double>& row);

private:
  struct Part {
    std::size_t component;
    importer::Recorder recorder;
  };
  std::vector<Part> parts_;
  std::vector<std::string> columns_;  // in the order asked for
  // Values are read component by component; column c of a row is value
  // order_[c] of that grouped read.
  std::vector<std::size_t> order_;
  std::vector<double> buffer_, grouped_;
};

}  // namespace smc::cosim
