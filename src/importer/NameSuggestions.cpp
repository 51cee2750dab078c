// Edit-distance suggestions; see NameSuggestions.h. A candidate is
// plausible when its distance is at most a third of the longer name (at
// least 1), or when it differs only in letter case.
#include "importer/NameSuggestions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <numeric>

namespace smc::importer {

std::size_t editDistance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table at a time.
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

namespace {

bool equalIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::vector<std::string> closeMatches(std::string_view name,
                                      const std::vector<ScalarVariable>& variables,
                                      std::size_t limit) {
  struct Candidate {
    std::size_t distance;
    std::size_t order;
  };
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < variables.size(); ++i) {
    std::string_view other = variables[i].name;
    std::size_t distance = editDistance(name, other);
    std::size_t allowed = std::max<std::size_t>(1, std::max(name.size(), other.size()) / 3);
    if (distance <= allowed || equalIgnoringCase(name, other)) {
      candidates.push_back({distance, i});
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& x, const Candidate& y) { return x.distance < y.distance; });
  std::vector<std::string> names;
  for (std::size_t i = 0; i < candidates.size() && i < limit; ++i) {
    names.push_back(variables[candidates[i].order].name);
  }
  return names;
}

std::string unknownVariableMessage(std::string_view name, const ModelDescription& description) {
  std::string message =
      fmt::format("no variable named '{}' in model '{}'", name, description.modelName);
  std::vector<std::string> matches = closeMatches(name, description.variables);
  if (matches.empty()) return message;
  message += "; did you mean ";
  for (std::size_t i = 0; i < matches.size(); ++i) {
    if (i > 0) message += i + 1 == matches.size() ? " or " : ", ";
    message += fmt::format("'{}'", matches[i]);
  }
  return message + "?";
}

}  // namespace smc::importer
