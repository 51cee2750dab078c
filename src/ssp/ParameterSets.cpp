// See ParameterSets.h.
#include "ssp/ParameterSets.h"

#include "ssp/XmlNames.h"

#include <fmt/format.h>


namespace smc::ssp {

void readParameterSet(pugi::xml_node set, check::XmlReporter& report, const std::string& prefix,
                      std::vector<ParameterValue>& values) {
  for (pugi::xml_node parameter : childrenNamed(childNamed(set, "Parameters"), "Parameter")) {
    ParameterValue value;
    value.name = prefix + parameter.attribute("name").value();
    auto [line, column] = report.position(parameter);
    value.where = Location{report.fileLabel(), line, column};
    if (!parameter.attribute("name")) {
      report.error(parameter, "ssd-structure", "<ssv:Parameter> needs the attribute 'name'");
      continue;
    }
    pugi::xml_node typed;
    for (pugi::xml_node child : parameter.children())
      if (child.type() == pugi::node_element && parseType(localName(child))) typed = child;
    if (!typed) {
      report.error(parameter, "ssd-structure",
                   fmt::format("parameter '{}' has no value element (<ssv:Real value=...>, ...)",
                               value.name));
      continue;
    }
    value.type = *parseType(localName(typed));
    if (value.type == ValueType::Binary) {
      report.error(typed, "ssd-unsupported", "binary parameter values are not supported yet");
      continue;
    }
    pugi::xml_attribute text = typed.attribute("value");
    if (!text) {
      report.error(typed, "ssd-structure",
                   fmt::format("<{}> of parameter '{}' needs the attribute 'value'", typed.name(),
                               value.name));
      continue;
    }
    value.value = text.value();
    values.push_back(std::move(value));
  }
}

void readParameterSetText(std::string_view text, const std::string& label,
                          const std::string& prefix, std::vector<ParameterValue>& values,
                          std::vector<check::Problem>& problems) {
  check::XmlReporter report(label, text, problems);
  pugi::xml_document document;
  pugi::xml_parse_result parsed = document.load_buffer(text.data(), text.size());
  if (!parsed) {
    report.errorAtOffset(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)),
                         "ssd-well-formed",
                         fmt::format("not well-formed XML: {}", parsed.description()));
    return;
  }
  pugi::xml_node set = document.document_element();
  if (localName(set) != "ParameterSet") {
    report.error(set, "ssd-structure",
                 fmt::format("the root element is <{}>, not <ssv:ParameterSet>", set.name()));
    return;
  }
  readParameterSet(set, report, prefix, values);
}

}  // namespace smc::ssp
