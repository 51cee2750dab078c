// See VariableSnapshot.h.
#include "importer/VariableSnapshot.h"

#include <fmt/format.h>

#include <cstring>

namespace smc::importer {

Result<VariableSnapshot> VariableSnapshot::take(FmuInstance& instance, const ModelDescription& description,
                                                double time) {
  VariableSnapshot snapshot;
  snapshot.description_ = &description;
  std::vector<fmi2::ValueReference> realRefs, integerRefs, booleanRefs;
  for (std::size_t i = 0; i < description.variables.size(); ++i) {
    const ScalarVariable& variable = description.variables[i];
    switch (variable.type) {
    case VariableType::Real:
      snapshot.reals_.push_back(i);
      realRefs.push_back(variable.valueReference);
      break;
    case VariableType::Integer:
    case VariableType::Enumeration:
      snapshot.integers_.push_back(i);
      integerRefs.push_back(variable.valueReference);
      break;
    case VariableType::Boolean:
      snapshot.booleans_.push_back(i);
      booleanRefs.push_back(variable.valueReference);
      break;
    case VariableType::String: break;
    }
  }
  snapshot.realValues_.resize(realRefs.size());
  snapshot.integerValues_.resize(integerRefs.size());
  snapshot.booleanValues_.resize(booleanRefs.size());
  if (!realRefs.empty())
    if (auto got = instance.getReal(realRefs, snapshot.realValues_, time); !got) return got.error();
  if (!integerRefs.empty())
    if (auto got = instance.getInteger(integerRefs, snapshot.integerValues_, time); !got) return got.error();
  if (!booleanRefs.empty())
    if (auto got = instance.getBoolean(booleanRefs, snapshot.booleanValues_, time); !got) return got.error();
  return snapshot;
}

std::optional<std::string> VariableSnapshot::firstDifference(const VariableSnapshot& after) const {
  // The first in document order across the three types.
  std::optional<std::size_t> first;
  std::string text;
  auto consider = [&](std::size_t variable, std::string described) {
    if (!first || variable < *first) {
      first = variable;
      text = std::move(described);
    }
  };
  for (std::size_t k = 0; k < reals_.size() && k < after.realValues_.size(); ++k)
    if (std::memcmp(&realValues_[k], &after.realValues_[k], sizeof(double)) != 0) {
      consider(reals_[k], fmt::format("{:.17g} before, {:.17g} after", realValues_[k], after.realValues_[k]));
      break;
    }
  for (std::size_t k = 0; k < integers_.size() && k < after.integerValues_.size(); ++k)
    if (integerValues_[k] != after.integerValues_[k]) {
      consider(integers_[k], fmt::format("{} before, {} after", integerValues_[k], after.integerValues_[k]));
      break;
    }
  for (std::size_t k = 0; k < booleans_.size() && k < after.booleanValues_.size(); ++k)
    if ((booleanValues_[k] != 0) != (after.booleanValues_[k] != 0)) {
      consider(booleans_[k], fmt::format("{} before, {} after", booleanValues_[k] != 0, after.booleanValues_[k] != 0));
      break;
    }
  if (!first) return std::nullopt;
  return description_->variables[*first].name + ": " + text;
}

}  // namespace smc::importer
