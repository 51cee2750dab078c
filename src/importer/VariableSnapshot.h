// The values of every Real, Integer, enumeration and Boolean variable of an
// FMU instance at one moment, to name the first variable in which two
// moments differ (`smc verify-state` reports it with a counterexample:
// serialized states say only which byte differs). Strings are left out:
// FMI 2.0 gives them no exact comparison beyond their text, and no state
// of smc's stores one that a variable does not also show.
#pragma once

#include "importer/FmuInstance.h"
#include "importer/ModelDescription.h"
#include "importer/Result.h"

#include <optional>
#include <string>
#include <vector>

namespace smc::importer {

class VariableSnapshot {
public:
  static Result<VariableSnapshot> take(FmuInstance& instance, const ModelDescription& description, double time);

  // "x: 1.5 before, 1.5000000000000002 after" for the first variable in
  // document order whose value differs bit for bit (NaN equals the same
  // NaN), or nothing when every value is the same.
  std::optional<std::string> firstDifference(const VariableSnapshot& after) const;

private:
  const ModelDescription* description_ = nullptr;
  std::vector<std::size_t> reals_, integers_, booleans_;  // indices into description_->variables
  std::vector<double> realValues_;
  std::vector<int> integerValues_, booleanValues_;
};

}  // namespace smc::importer
