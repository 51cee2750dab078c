// See Explore.h. The searches themselves are in ExploreSearch.cpp.
#include "importer/Explore.h"

#include "importer/ExploreSearch.h"
#include "importer/NameSuggestions.h"
#include "importer/Session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace smc::importer {

namespace {

// Above this many nodes a run would take hours; say so instead.
constexpr double kMaxNodes = 1e8;

double treeNodes(std::size_t b, std::size_t d) {
  double total = 0, level = 1;
  for (std::size_t k = 1; k <= d; ++k) total += (level *= static_cast<double>(b));
  return total;
}

std::string describeFound(const ExploreReport& r, const std::optional<std::vector<std::size_t>>& found) {
  if (!found) return "never";
  if (found->empty()) return "at the start";
  std::string out;
  for (std::size_t j = 0; j < found->size(); ++j) {
    std::string assignments;
    for (std::size_t i = 0; i < r.inputNames.size(); ++i)
      assignments += fmt::format("{}{}={}", i ? ", " : "", r.inputNames[i], r.choices[(*found)[j]][i]);
    out += fmt::format("{}t={:.6g}: {}", j ? "; " : "", r.startTime + static_cast<double>(j) * r.period, assignments);
  }
  return out;
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

double ExploreReport::theoreticalRatio() const {
  double b = static_cast<double>(branching()), d = static_cast<double>(depth);
  if (b <= 1) return 1;  // one scenario: both modes simulate it once
  double bd = std::pow(b, d);
  return d * bd / (b * (bd - 1) / (b - 1));
}

double ExploreReport::wholeTreeRatio() const {
  double b = static_cast<double>(branching()), replayed = 0, once = 0, level = 1;
  for (std::size_t k = 1; k <= depth; ++k) {
    level *= b;
    replayed += static_cast<double>(k) * level;
    once += level;
  }
  return once > 0 ? replayed / once : 1;
}

Result<ExploreInput> parseExploreInput(const std::string& text) {
  std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return Error{fmt::format("--input expects name=value1,value2,..., got '{}'", text)};
  ExploreInput input{text.substr(0, eq), {}};
  std::size_t from = eq + 1;
  for (;;) {
    std::size_t comma = text.find(',', from);
    std::string value = text.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
    if (value.empty()) return Error{fmt::format("--input '{}' has an empty value", text)};
    input.values.push_back(value);
    if (comma == std::string::npos) return input;
    from = comma + 1;
  }
}

Result<ExploreReport> explore(const ExploreOptions& options) {
  if (!(std::isfinite(options.period) && options.period > 0))
    return Error{fmt::format("the period {} must be a positive number", options.period)};
  if (options.depth == 0) return Error{"the depth must be at least 1"};
  if (options.inputs.empty()) return Error{"no --input given: explore needs at least one input with its values"};

  ExplorePlan plan;
  plan.fmuPath = options.fmuPath;
  plan.unpackedFmu = options.unpackedFmu;
  plan.load = options.load;
  Result<Session> described = describePlannedFmu(plan);
  if (!described) return described.error();
  const ModelDescription& md = described->description;
  ExploreReport report;
  report.modelName = md.modelName;
  report.goal = options.goal;
  report.period = options.period;
  report.depth = options.depth;
  report.startTime = md.defaultExperiment.startTime.value_or(0.0);

  // The choices: the cartesian product of the value lists, the first input
  // varying slowest. Each value is checked against its variable's type.
  std::vector<std::vector<Setting>> perInput;
  for (const ExploreInput& input : options.inputs) {
    const ScalarVariable* v = md.find(input.name);
    if (!v) return Error{unknownVariableMessage(input.name, md)};
    if (v->causality != Causality::Input)
      return Error{fmt::format("'{}' is not an input of model '{}' (its causality is {})", input.name, md.modelName,
                               toString(v->causality))};
    std::vector<Setting> settings;
    for (const std::string& value : input.values) {
      Result<std::vector<Setting>> one = resolveSettings(md, {{input.name, value}});
      if (!one) return one.error();
      settings.push_back(one->front());
    }
    perInput.push_back(std::move(settings));
    report.inputNames.push_back(input.name);
  }
  plan.choices.push_back({});
  report.choices.push_back({});
  for (std::size_t i = 0; i < perInput.size(); ++i) {
    std::vector<std::vector<Setting>> next;
    std::vector<std::vector<std::string>> nextText;
    for (std::size_t c = 0; c < plan.choices.size(); ++c)
      for (std::size_t v = 0; v < perInput[i].size(); ++v) {
        next.push_back(plan.choices[c]);
        next.back().push_back(perInput[i][v]);
        nextText.push_back(report.choices[c]);
        nextText.back().push_back(options.inputs[i].values[v]);
      }
    plan.choices = std::move(next);
    report.choices = std::move(nextText);
  }
  double nodes = treeNodes(plan.choices.size(), options.depth);
  if (nodes > kMaxNodes)
    return Error{fmt::format("the tree has {:.3g} nodes ({} choices per period, depth {}); at most {:.0e} are "
                             "explored: lower the depth or the number of values",
                             nodes, plan.choices.size(), options.depth, kMaxNodes)};
  if (!options.goal.empty()) {
    Result<Goal> goal = Goal::parse(options.goal, md);
    if (!goal) return goal.error();
    plan.goal = std::move(goal).value();
  }
  plan.t0 = report.startTime;
  plan.period = options.period;
  plan.depth = options.depth;
  plan.stop = plan.t0 + static_cast<double>(options.depth) * options.period;
  plan.tolerance = md.defaultExperiment.tolerance;
  plan.totalNodes = static_cast<std::size_t>(nodes);
  plan.logSink = options.logSink;
  plan.progress = options.progress;
  plan.nodeTime = options.nodeTime;
  plan.maxStates = options.maxStates;
  plan.maxMemory = options.maxMemory;

  const SearchSplit split{options.runTasks, options.workers, options.root, options.broadcast};
  bool both = options.mode == ExploreMode::Both;
  if (both || options.mode == ExploreMode::SaveRestore) {
    if (!md.canGetAndSetFMUstate)
      return Error{fmt::format("model '{}' does not declare canGetAndSetFMUstate=\"true\": use --mode replay",
                               md.modelName)};
    if (options.runTasks && !md.canSerializeFMUstate)
      return Error{fmt::format("model '{}' does not declare canSerializeFMUstate=\"true\": a distributed "
                               "save-restore search sends serialized states between ranks; use --mode replay",
                               md.modelName)};
    Result<ExploreRun> run = searchSaveRestore(plan, split);
    if (!run) return run.error();
    report.runs.push_back(std::move(run).value());
  }
  if (both || options.mode == ExploreMode::Replay) {
    Result<ExploreRun> run = searchReplay(plan, split);
    if (!run) return run.error();
    report.runs.push_back(std::move(run).value());
  }
  if (!options.root) return report;
  if (both && report.runs[0].found != report.runs[1].found)
    return Error{fmt::format("save-restore and replay disagree: save-restore found {}, replay {}; the FMU's state "
                             "functions do not restore everything (try smc verify-state)",
                             describeFound(report, report.runs[0].found), describeFound(report, report.runs[1].found))};
  return report;
}

void printExplore(std::ostream& out, const ExploreReport& r) {
  std::string inputs;
  for (std::size_t i = 0; i < r.inputNames.size(); ++i) {
    std::vector<std::string> values;
    for (const auto& choice : r.choices)
      if (std::find(values.begin(), values.end(), choice[i]) == values.end()) values.push_back(choice[i]);
    inputs += fmt::format("{}{} in {{{}}}", i ? ", " : "", r.inputNames[i], fmt::join(values, ", "));
  }
  out << fmt::format("{}: {}; period {:.6g} s, depth {} ({:.0f} nodes in the whole tree); goal: {}\n", r.modelName,
                     inputs, r.period, r.depth, treeNodes(r.branching(), r.depth), r.goal.empty() ? "none" : r.goal);
  const auto& found = r.runs.front().found;
  if (r.goal.empty())
    out << "explored the whole tree\n";
  else if (found)
    out << fmt::format("goal reached at depth {}: {}\n", found->size(), describeFound(r, found));
  else
    out << fmt::format("goal never reached within depth {}\n", r.depth);
  for (const ExploreRun& run : r.runs) {
    out << fmt::format("{:<13} {} nodes, {:.6g} s simulated, {:.3f} s wall\n", run.mode + ":", run.nodes,
                       run.simulatedTime, run.wallSeconds);
    if (run.stateBound > 0)
      out << fmt::format("{:<13} at most {} states kept: {} nodes ({:.6g} s) simulated again for want of their "
                         "states\n",
                         "", run.stateBound, run.resimulatedNodes, run.resimulatedTime);
  }
  if (r.runs.size() == 2 && r.runs[0].wallSeconds > 0 && r.runs[0].simulatedTime > 0)
    out << fmt::format("replay / save-restore: {:.2f}x wall time, {:.2f}x simulated time; whole tree: "
                       "d*b^d / (b(b^d-1)/(b-1)) = {:.2f}, sum k*b^k / sum b^k = {:.2f}\n",
                       r.runs[1].wallSeconds / r.runs[0].wallSeconds, r.runs[1].simulatedTime / r.runs[0].simulatedTime,
                       r.theoreticalRatio(), r.wholeTreeRatio());
}

void writeExploreJson(std::ostream& out, const ExploreReport& r) {
  auto sequence = [&](const std::optional<std::vector<std::size_t>>& found) {
    if (!found) return std::string("null");
    std::vector<std::string> steps;
    for (std::size_t j = 0; j < found->size(); ++j) {
      std::vector<std::string> fields;
      for (std::size_t i = 0; i < r.inputNames.size(); ++i)
        fields.push_back(fmt::format("{}: {}", jsonString(r.inputNames[i]), jsonString(r.choices[(*found)[j]][i])));
      steps.push_back(fmt::format("{{\"time\": {}, \"inputs\": {{{}}}}}", r.startTime + static_cast<double>(j) * r.period,
                                  fmt::join(fields, ", ")));
    }
    return fmt::format("[{}]", fmt::join(steps, ", "));
  };
  std::vector<std::string> runs;
  for (const ExploreRun& run : r.runs)
    runs.push_back(fmt::format("{{\"mode\": {}, \"nodes\": {}, \"simulatedTime\": {}, \"wallSeconds\": {}, "
                               "\"found\": {}, \"stateBound\": {}, \"resimulatedNodes\": {}, "
                               "\"resimulatedTime\": {}}}",
                               jsonString(run.mode), run.nodes, run.simulatedTime, run.wallSeconds, sequence(run.found),
                               run.stateBound, run.resimulatedNodes, run.resimulatedTime));
  out << fmt::format("{{\"model\": {}, \"goal\": {}, \"period\": {}, \"depth\": {}, \"branching\": {}, "
                     "\"theoreticalRatio\": {}, \"wholeTreeRatio\": {}, \"runs\": [{}]}}\n",
                     jsonString(r.modelName), r.goal.empty() ? "null" : jsonString(r.goal), r.period, r.depth,
                     r.branching(), r.theoreticalRatio(), r.wholeTreeRatio(), fmt::join(runs, ", "));
}

}  // namespace smc::importer
