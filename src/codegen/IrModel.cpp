// Emits `smc_model` (see IrModel.h). Every table is a private constant
// array, also when empty (a zero-length array rather than a null pointer, so
// the runtime never sees null). smc_model itself has hidden visibility: the
// runtime in the same shared object refers to it, nothing outside does.
#include "codegen/IrModel.h"

#include "causalize/Blocks.h"
#include "causalize/ExprUtil.h"
#include "causalize/JacobianPattern.h"
#include "codegen/VariableSources.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <map>

namespace smc::codegen {

namespace {

// Whether the generated code may end a call with ModelicaError's longjmp
// or leave strings that the end of the call frees (SmcModel's
// needs_call_guard): external C, or a run-time string service (all but
// the comparison allocate). The callbacks are emitted by now.
bool needsCallGuard(const IrContext& ctx) {
  if (ctx.layout.numExternalObjects > 0) return true;
  for (const flat::Function& f : ctx.model.flat.functions)
    if (f.external) return true;
  for (const llvm::Function& f : ctx.module)
    if (f.getName().startswith("smc_string_") && f.getName() != "smc_string_compare" && !f.use_empty())
      return true;
  return false;
}

class TableBuilder {
public:
  explicit TableBuilder(IrContext& ctx) : ctx_(ctx) {}

  llvm::Constant* string(const std::string& text, const std::string& name) {
    llvm::Constant* data = llvm::ConstantDataArray::getString(ctx_.llvm, text, true);
    auto* global = new llvm::GlobalVariable(ctx_.module, data->getType(), true,
                                            llvm::GlobalValue::PrivateLinkage, data, name);
    global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    global->setAlignment(llvm::Align(1));
    return global;
  }

  // Pointers to each of `texts`, stored back to back in one constant: a
  // global per name would give a large model tens of thousands of symbols
  // for the optimizer, the code generator and the partitioning to carry.
  std::vector<llvm::Constant*> strings(const std::vector<std::string>& texts,
                                       const std::string& name) {
    std::string blob;
    std::vector<uint64_t> offsets;
    for (const std::string& text : texts) {
      offsets.push_back(blob.size());
      blob += text;
      blob += '\0';
    }
    llvm::Constant* data = llvm::ConstantDataArray::getString(ctx_.llvm, blob, false);
    auto* global = new llvm::GlobalVariable(ctx_.module, data->getType(), true,
                                            llvm::GlobalValue::PrivateLinkage, data, name);
    global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    global->setAlignment(llvm::Align(1));
    llvm::Type* byteOffset = llvm::Type::getInt64Ty(ctx_.llvm);
    std::vector<llvm::Constant*> pointers;
    for (uint64_t offset : offsets)
      pointers.push_back(llvm::ConstantExpr::getInBoundsGetElementPtr(
          ctx_.types.flag, global, llvm::ConstantInt::get(byteOffset, offset)));
    return pointers;
  }

  llvm::Constant* array(llvm::Type* element, std::vector<llvm::Constant*> items,
                        const std::string& name) {
    auto* type = llvm::ArrayType::get(element, items.size());
    auto* global = new llvm::GlobalVariable(ctx_.module, type, true,
                                            llvm::GlobalValue::PrivateLinkage,
                                            llvm::ConstantArray::get(type, items), name);
    global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    return global;
  }

  llvm::Constant* i32(int32_t value) {
    return llvm::ConstantInt::get(ctx_.types.integer, static_cast<uint64_t>(value), true);
  }

private:
  IrContext& ctx_;
};

double stateNominal(const VarInfo& info) {
  // A literal, non-zero nominal scales the absolute tolerance; its sign is
  // irrelevant for that purpose.
  if (info.nominal && *info.nominal != 0 && std::isfinite(*info.nominal))
    return std::fabs(*info.nominal);
  return 1.0;
}

const char* typePrefix(flat::BaseType type) {
  switch (type) {
    case flat::BaseType::Integer: return "integer";
    case flat::BaseType::Boolean: return "boolean";
    case flat::BaseType::ExternalObject: return "external_object";
    case flat::BaseType::Real:
    case flat::BaseType::String:
    case flat::BaseType::Clock: return "real";
  }
  return "real";
}

// Whether a relation reads pre() of a variable (`time >= pre(next)`, how
// the MSL's tables schedule their next event): initialization computed it
// with the start values as pre(), so it must be evaluated again, in an
// event iteration right after initialization, with the values
// initialization gave; otherwise the relation keeps a value that is not
// the model's and its next change is no edge.
bool relationReadsPre(const IrContext& ctx) {
  for (const causal::ZeroCrossing& crossing : ctx.model.zeroCrossings)
    if (crossing.indicator && causal::containsKind(*crossing.indicator, flat::ExprKind::Pre)) return true;
  return false;
}

// Whether pre() of a variable that the output blocks compute is read: its
// value before an event is then only current after compute_outputs.
bool eventReadsOutputs(const IrContext& ctx) {
  for (const causal::Block& block : ctx.model.outputBlocks)
    for (flat::VarId v : causal::blockOutputs(block)) {
      const VarInfo& info = ctx.layout.of(v);
      if (ctx.preReads.marked(info.type, info.valueReference)) return true;
    }
  return false;
}

// A constant int32 table, or a null pointer when it is empty.
llvm::Constant* int32Table(IrContext& ctx, const std::vector<int32_t>& values, const char* name) {
  if (values.empty()) return llvm::ConstantPointerNull::get(llvm::PointerType::get(ctx.llvm, 0));
  auto* data = llvm::ConstantDataArray::get(ctx.llvm, values);
  auto* table = new llvm::GlobalVariable(ctx.module, data->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage, data, name);
  table->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  return table;
}

// The Jacobian's sparsity for the integrator's sparse solver.
void addJacobianPattern(IrContext& ctx, std::vector<llvm::Constant*>& fields) {
  std::optional<causal::JacobianPattern> pattern = causal::stateJacobianPattern(ctx.model);
  static const std::vector<int32_t> none;
  fields[kNumJacobianNonzeros] = llvm::ConstantInt::get(
      llvm::Type::getInt32Ty(ctx.llvm), pattern ? static_cast<int32_t>(pattern->rows.size()) : 0);
  fields[kJacobianColumnStarts] = int32Table(ctx, pattern ? pattern->columnStarts : none, "smc_jacobian_column_starts");
  fields[kJacobianRows] = int32Table(ctx, pattern ? pattern->rows : none, "smc_jacobian_rows");
}

}  // namespace

void emitModelDescriptor(IrContext& ctx, const Callbacks& callbacks) {
  TableBuilder tables(ctx);
  const IrTypes& t = ctx.types;

  std::vector<llvm::Constant*> stateRefs, derivativeRefs, nominals;
  for (size_t i = 0; i < ctx.model.states.size(); ++i) {
    const VarInfo& state = ctx.layout.of(ctx.model.states[i]);
    stateRefs.push_back(tables.i32(state.valueReference));
    derivativeRefs.push_back(tables.i32(ctx.layout.of(ctx.model.derivatives[i]).valueReference));
    nominals.push_back(llvm::ConstantFP::get(t.real, stateNominal(state)));
  }

  // Flags and names per type, in value-reference order (= layout order).
  std::vector<llvm::Constant*> flags[3];
  std::vector<std::string> nameTexts[3];
  const std::vector<std::string> displayNames =
      messageNames(ctx.model, [&](SourceRange range) { return sourceLocation(ctx, range); });
  auto slot = [](flat::BaseType type) {
    return type == flat::BaseType::Integer ? 1 : type == flat::BaseType::Boolean ? 2 : 0;
  };
  std::vector<std::string> stringValues, stringNames;  // the String constants
  for (const VarInfo& info : ctx.layout.vars) {
    if (info.aliasOf) continue;  // no slot of its own
    if (info.type == flat::BaseType::String) {
      stringValues.push_back(info.start.text);
      stringNames.push_back(displayNames[info.id]);
      continue;
    }
    const int s = slot(info.type);
    flags[s].push_back(llvm::ConstantInt::get(t.flag, info.flags));
    nameTexts[s].push_back(displayNames[info.id]);
  }
  std::vector<llvm::Constant*> names[3];
  for (int s = 0; s < 3; ++s) {
    const flat::BaseType type = s == 1   ? flat::BaseType::Integer
                                : s == 2 ? flat::BaseType::Boolean
                                         : flat::BaseType::Real;
    names[s] = tables.strings(nameTexts[s], fmt::format("smc_{}_name_text", typePrefix(type)));
  }
  std::vector<llvm::Constant*> loops;
  for (size_t i = 0; i < ctx.loopDescriptions.size(); ++i)
    loops.push_back(
        tables.string(ctx.loopDescriptions[i], fmt::format("smc_loop{}_description", i)));

  const double tolerance = ctx.model.flat.experiment.tolerance.value_or(1e-6);
  std::vector<llvm::Constant*> fields(kModelFieldCount);
  fields[kModelIdentifier] = tables.string(ctx.options.modelIdentifier, "smc_model_identifier");
  fields[kModelGuid] = tables.string(ctx.options.guid, kGuidGlobalName);
  fields[kNumReals] = tables.i32(ctx.layout.numReals);
  fields[kNumIntegers] = tables.i32(ctx.layout.numIntegers);
  fields[kNumBooleans] = tables.i32(ctx.layout.numBooleans);
  fields[kNumStates] = tables.i32(static_cast<int32_t>(ctx.model.states.size()));
  fields[kStateRefs] = tables.array(t.integer, stateRefs, "smc_state_refs");
  fields[kDerivativeRefs] = tables.array(t.integer, derivativeRefs, "smc_derivative_refs");
  fields[kStateNominals] = tables.array(t.real, nominals, "smc_state_nominals");
  fields[kRealFlags] = tables.array(t.flag, flags[0], "smc_real_flags");
  fields[kIntegerFlags] = tables.array(t.flag, flags[1], "smc_integer_flags");
  fields[kBooleanFlags] = tables.array(t.flag, flags[2], "smc_boolean_flags");
  fields[kRealNames] = tables.array(t.ptr, names[0], "smc_real_names");
  fields[kIntegerNames] = tables.array(t.ptr, names[1], "smc_integer_names");
  fields[kBooleanNames] = tables.array(t.ptr, names[2], "smc_boolean_names");
  fields[kNumLoops] = tables.i32(static_cast<int32_t>(loops.size()));
  fields[kLoopDescriptions] = tables.array(t.ptr, loops, "smc_loop_descriptions");
  fields[kDefaultTolerance] = llvm::ConstantFP::get(t.real, tolerance);
  const struct {
    flat::BaseType type;
    int32_t count;
    unsigned countField, rangesField;
  } preTables[] = {
      {flat::BaseType::Real, ctx.layout.numReals, kNumPreRealRanges, kPreRealRanges},
      {flat::BaseType::Integer, ctx.layout.numIntegers, kNumPreIntegerRanges, kPreIntegerRanges},
      {flat::BaseType::Boolean, ctx.layout.numBooleans, kNumPreBooleanRanges, kPreBooleanRanges},
  };
  for (const auto& table : preTables) {
    std::vector<llvm::Constant*> bounds;
    const auto ranges = ctx.preReads.ranges(table.type, table.count);
    for (const auto& [begin, end] : ranges) {
      bounds.push_back(tables.i32(begin));
      bounds.push_back(tables.i32(end));
    }
    fields[table.countField] = tables.i32(static_cast<int32_t>(ranges.size()));
    fields[table.rangesField] =
        tables.array(t.integer, bounds, fmt::format("smc_pre_{}_ranges", typePrefix(table.type)));
  }
  fields[kSetStartValues] = callbacks.setStartValues;
  fields[kInitialize] = callbacks.initialize;
  fields[kComputeDerivatives] = callbacks.computeDerivatives;
  fields[kComputeOutputs] = callbacks.computeOutputs;
  fields[kNumEventIndicators] = tables.i32(static_cast<int32_t>(ctx.model.zeroCrossings.size()));
  fields[kEventIndicators] = callbacks.eventIndicators;
  fields[kEventUpdate] = callbacks.eventUpdate;

  // Sources of the Reals (line, column pairs in value-reference order) and
  // the relations of the event indicators, for the runtime's messages.
  const std::vector<SourceRange> sources = variableSources(ctx.model);
  // Each file the Reals come from, once, in order of first use.
  std::vector<std::string> fileNames;
  std::map<std::string, int32_t> fileIndex;
  std::vector<int32_t> realSources;
  for (const VarInfo& info : ctx.layout.vars) {
    if (info.type != flat::BaseType::Real || info.aliasOf) continue;
    const SourceRange& range = sources[info.id];
    int32_t file = 0;
    if (range.valid()) {
      const std::string name = sourceFileOf(ctx, range.begin.file);
      auto [at, added] = fileIndex.emplace(name, static_cast<int32_t>(fileNames.size()));
      if (added) fileNames.push_back(name);
      file = at->second;
    }
    realSources.push_back(file);
    realSources.push_back(range.valid() ? static_cast<int32_t>(range.begin.line) : 0);
    realSources.push_back(range.valid() ? static_cast<int32_t>(range.begin.column) : 0);
  }
  auto* realSourcesData = llvm::ConstantDataArray::get(ctx.llvm, realSources);
  auto* realSourcesTable = new llvm::GlobalVariable(
      ctx.module, realSourcesData->getType(), true, llvm::GlobalValue::PrivateLinkage,
      realSourcesData, "smc_real_sources");
  realSourcesTable->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  std::vector<std::string> indicatorTexts = relationTexts(ctx.model);
  for (size_t i = 0; i < indicatorTexts.size(); ++i)
    indicatorTexts[i] = fmt::format("'{}' at {}", indicatorTexts[i],
                                    sourceLocation(ctx, ctx.model.zeroCrossings[i].range));
  fields[kSourceFiles] = tables.array(t.ptr, tables.strings(fileNames, "smc_source_file_name"), "smc_source_files");
  fields[kNumSourceFiles] = tables.i32(static_cast<int32_t>(fileNames.size()));
  fields[kRealSources] = realSourcesTable;
  fields[kIndicatorDescriptions] = tables.array(
      t.ptr, tables.strings(indicatorTexts, "smc_indicator_description_text"),
      "smc_indicator_descriptions");
  fields[kNonFiniteIsWarning] = tables.i32(ctx.options.nonFiniteIsWarning ? 1 : 0);
  fields[kEventReadsOutputs] = tables.i32(eventReadsOutputs(ctx) ? 1 : 0);
  fields[kSettlesAfterInitialization] = tables.i32(
      ctx.model.iteratedDiscretes.empty() && ctx.model.clockFeedbackDiscretes.empty() &&
              !ctx.model.flat.eventAfterInitialization && !relationReadsPre(ctx)
          ? 0
          : 1);
  std::vector<llvm::Constant*> delayRefs;
  for (flat::VarId v : ctx.model.delayedVariables) delayRefs.push_back(tables.i32(ctx.layout.of(v).valueReference));
  fields[kNumDelays] = tables.i32(static_cast<int32_t>(delayRefs.size()));
  fields[kDelayValueRefs] = tables.array(t.integer, delayRefs, "smc_delay_value_refs");
  std::vector<llvm::Constant*> tornRefs;
  for (flat::VarId v : ctx.model.iteratedDiscretes)
    if (ctx.model.flat.variables[v].type == flat::BaseType::Boolean)
      tornRefs.push_back(tables.i32(ctx.layout.of(v).valueReference));
  fields[kNumTornBooleans] = tables.i32(static_cast<int32_t>(tornRefs.size()));
  fields[kTornBooleanRefs] = tables.array(t.integer, tornRefs, "smc_torn_boolean_refs");
  fields[kNumExternalObjects] = tables.i32(ctx.layout.numExternalObjects);
  fields[kNeedsCallGuard] = tables.i32(needsCallGuard(ctx) ? 1 : 0);
  const std::optional<flat::VarId>& lambda = ctx.model.flat.homotopyLambda;
  fields[kHasHomotopy] = tables.i32(lambda ? 1 : 0);
  fields[kHomotopyLambdaRef] = tables.i32(lambda ? ctx.layout.of(*lambda).valueReference : 0);
  auto callbackOrNull = [&](llvm::Function* fn) -> llvm::Constant* {
    return fn ? static_cast<llvm::Constant*>(fn) : llvm::ConstantPointerNull::get(t.ptr);
  };
  fields[kDestroyExternalObjects] = callbackOrNull(callbacks.destroyExternalObjects);
  fields[kConstructExternalObjects] = callbackOrNull(callbacks.constructExternalObjects);
  fields[kReplayExternalCall] = callbackOrNull(callbacks.replayExternalCall);
  fields[kNumStrings] = tables.i32(ctx.layout.numStrings);
  fields[kStringValues] =
      tables.array(t.ptr, tables.strings(stringValues, "smc_string_value_text"), "smc_string_values");
  fields[kStringNames] =
      tables.array(t.ptr, tables.strings(stringNames, "smc_string_name_text"), "smc_string_names");

  addJacobianPattern(ctx, fields);

  auto* model = new llvm::GlobalVariable(ctx.module, t.model, true,
                                         llvm::GlobalValue::ExternalLinkage,
                                         llvm::ConstantStruct::get(t.model, fields), "smc_model");
  model->setVisibility(llvm::GlobalValue::HiddenVisibility);
  model->setDSOLocal(true);
}

}  // namespace smc::codegen
