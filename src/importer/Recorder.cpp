// Column selection and row reading; see Recorder.h.
#include "importer/Recorder.h"

#include "importer/NameSuggestions.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace smc::importer {

void Recorder::add(const ScalarVariable& variable) {
  if (variable.type == VariableType::String) return;  // choose() keeps them out
  std::size_t column = names_.size();
  names_.push_back(variable.name);
  Batch* batch = &reals_;
  switch (variable.type) {
  case VariableType::Real: batch = &reals_; break;
  case VariableType::Integer:
  case VariableType::Enumeration: batch = &integers_; break;
  case VariableType::Boolean: batch = &booleans_; break;
  case VariableType::String: return;
  }
  batch->refs.push_back(variable.valueReference);
  batch->columns.push_back(column);
}

Result<Recorder> Recorder::choose(const ModelDescription& description,
                                  const ColumnChoice& choice,
                                  std::vector<std::string>& warnings) {
  Recorder recorder;
  if (!choice.names.empty()) {
    for (const std::string& name : choice.names) {
      const ScalarVariable* variable = description.find(name);
      if (variable == nullptr) {
        return Error{"cannot record '" + name + "': " +
                     unknownVariableMessage(name, description)};
      }
      if (variable->type == VariableType::String) {
        return Error{fmt::format("cannot record '{}': String variables have no numeric value",
                                 name)};
      }
      recorder.add(*variable);
    }
  } else if (choice.all) {
    std::vector<std::string> skipped;
    for (const ScalarVariable& variable : description.variables) {
      // The independent variable would only repeat the time column.
      if (variable.causality == Causality::Independent) continue;
      if (variable.type == VariableType::String) {
        skipped.push_back(variable.name);
      } else {
        recorder.add(variable);
      }
    }
    if (!skipped.empty()) {
      warnings.push_back(fmt::format("String variables are not recorded: {}",
                                     fmt::join(skipped, ", ")));
    }
  } else {
    for (const ScalarVariable& variable : description.variables) {
      if (variable.causality == Causality::Output && variable.type != VariableType::String) {
        recorder.add(variable);
      }
    }
    if (recorder.names_.empty()) {
      warnings.push_back(fmt::format("model '{}' has no numeric outputs, so only time is "
                                     "recorded; name variables to record or use --all",
                                     description.modelName));
    }
  }
  recorder.realValues_.resize(recorder.reals_.refs.size());
  recorder.intValues_.resize(std::max(recorder.integers_.refs.size(),
                                      recorder.booleans_.refs.size()));
  return recorder;
}

Result<fmi2::Status> Recorder::read(FmuInstance& instance, double time,
                                    std::vector<double>& row) {
  row.assign(names_.size() + 1, 0.0);
  row[0] = time;
  fmi2::Status worst = fmi2::Status::OK;
  auto note = [&](const Result<fmi2::Status>& status) {
    if (status && static_cast<int>(*status) > static_cast<int>(worst)) worst = *status;
  };

  if (!reals_.refs.empty()) {
    Result<fmi2::Status> status = instance.getReal(reals_.refs, realValues_, time);
    if (!status) return status;
    note(status);
    for (std::size_t i = 0; i < reals_.refs.size(); ++i) {
      row[reals_.columns[i] + 1] = realValues_[i];
    }
  }
  // Integers and Booleans share the int buffer, one batch after the other.
  if (!integers_.refs.empty()) {
    std::span<int> values(intValues_.data(), integers_.refs.size());
    Result<fmi2::Status> status = instance.getInteger(integers_.refs, values, time);
    if (!status) return status;
    note(status);
    for (std::size_t i = 0; i < integers_.refs.size(); ++i) {
      row[integers_.columns[i] + 1] = static_cast<double>(values[i]);
    }
  }
  if (!booleans_.refs.empty()) {
    std::span<int> values(intValues_.data(), booleans_.refs.size());
    Result<fmi2::Status> status = instance.getBoolean(booleans_.refs, values, time);
    if (!status) return status;
    note(status);
    for (std::size_t i = 0; i < booleans_.refs.size(); ++i) {
      row[booleans_.columns[i] + 1] = values[i] != fmi2::False ? 1.0 : 0.0;
    }
  }
  return worst;
}

}  // namespace smc::importer
