// See SystemRecorder.h.
#include "cosim/SystemRecorder.h"

#include "importer/NameSuggestions.h"

#include <fmt/format.h>

#include <algorithm>

namespace smc::cosim {

importer::Result<SystemRecorder> SystemRecorder::choose(const CoupledSystem& system,
                                                        const std::vector<std::string>& names,
                                                        std::vector<std::string>& warnings) {
  // Which variables of each component, in the order asked for.
  std::vector<std::vector<std::string>> wanted(system.components.size());
  for (const std::string& name : names) {
    // The longest component name followed by '.' wins, so "a.b" may be a
    // component even when "a" is one too.
    std::optional<std::size_t> match;
    for (std::size_t c = 0; c < system.components.size(); ++c) {
      const std::string& component = system.components[c].name;
      if (name.size() > component.size() + 1 && name.compare(0, component.size(), component) == 0 &&
          name[component.size()] == '.' &&
          (!match || component.size() > system.components[*match].name.size()))
        match = c;
    }
    if (!match) {
      std::vector<std::string> known;
      for (const ComponentRun& component : system.components)
        known.push_back(fmt::format("'{}'", component.name));
      return importer::Error{fmt::format(
          "cannot record '{}': write component.variable with one of the components {}", name,
          fmt::join(known, ", "))};
    }
    std::string variable = name.substr(system.components[*match].name.size() + 1);
    const importer::ModelDescription& md = system.components[*match].session.description;
    if (!md.find(variable))
      return importer::Error{fmt::format("cannot record '{}': {}", name,
                                         importer::unknownVariableMessage(variable, md))};
    wanted[*match].push_back(variable);
  }
  SystemRecorder recorder;
  std::vector<std::string> grouped;  // "component.variable", component by component
  for (std::size_t c = 0; c < system.components.size(); ++c) {
    if (!names.empty() && wanted[c].empty()) continue;
    importer::ColumnChoice choice;
    choice.names = wanted[c];
    auto chosen =
        importer::Recorder::choose(system.components[c].session.description, choice, warnings);
    if (!chosen) return chosen.error();
    if (chosen->names().empty()) continue;
    for (const std::string& column : chosen->names())
      grouped.push_back(system.components[c].name + "." + column);
    recorder.parts_.push_back({c, std::move(chosen).value()});
  }
  // A name the Recorder skipped (a String variable; it said why in
  // `warnings`) gets no column.
  for (const std::string& column : names.empty() ? grouped : names) {
    auto found = std::find(grouped.begin(), grouped.end(), column);
    if (found == grouped.end()) continue;
    recorder.columns_.push_back(column);
    recorder.order_.push_back(static_cast<std::size_t>(found - grouped.begin()));
  }
  return recorder;
}

std::vector<std::string> SystemRecorder::columns() const {
  std::vector<std::string> columns{"time"};
  columns.insert(columns.end(), columns_.begin(), columns_.end());
  return columns;
}

importer::Result<void> SystemRecorder::read(CoupledSystem& system, double time,
                                            std::vector<double>& row) {
  grouped_.clear();
  for (Part& part : parts_) {
    ComponentRun& component = system.components[part.component];
    auto status = part.recorder.read(*component.session.instance, time, buffer_);
    if (!status)
      return importer::Error{fmt::format("component '{}': {}", component.name,
                                         status.error().message)};
    if (*status == importer::fmi2::Status::Discard)
      return importer::Error{fmt::format("component '{}': reading its values returned "
                                         "fmi2Discard at t={:.10g}",
                                         component.name, time)};
    grouped_.insert(grouped_.end(), buffer_.begin() + 1, buffer_.end());  // without its time
  }
  row.assign(1, time);
  for (std::size_t position : order_) row.push_back(grouped_[position]);
  return {};
}

}  // namespace smc::cosim
