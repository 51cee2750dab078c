// Module partitioning (see ModuleSplit.h).
#include "codegen/ModuleSplit.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

namespace smc::codegen {

namespace {

// A dot keeps the name out of reach of C symbols (the runtime's included).
constexpr const char* kMovedPrefix = "smc.part.";

bool isMovable(const llvm::Function& f) {
  return !f.isDeclaration() && f.hasLocalLinkage() && f.hasFnAttribute(llvm::Attribute::NoInline);
}

std::vector<llvm::Function*> movableFunctions(llvm::Module& module) {
  std::vector<llvm::Function*> movable;
  for (llvm::Function& f : module)
    if (isMovable(f)) movable.push_back(&f);
  return movable;
}

size_t totalInstructions(const llvm::Module& module) {
  size_t total = 0;
  for (const llvm::Function& f : module) total += f.getInstructionCount();
  return total;
}

// Calls `onLocal` for every local global value `root` refers to, looking
// through constant expressions and aggregates (a GEP into a string, a table
// of pointers). `seen` spares revisiting shared constants.
template <typename OnLocal>
void forEachLocalReference(const llvm::User& root, llvm::SmallPtrSetImpl<const llvm::Constant*>& seen,
                           OnLocal&& onLocal) {
  std::vector<const llvm::User*> pending{&root};
  while (!pending.empty()) {
    const llvm::User* user = pending.back();
    pending.pop_back();
    for (const llvm::Use& use : user->operands()) {
      if (const auto* global = llvm::dyn_cast<llvm::GlobalValue>(use.get())) {
        if (global->hasLocalLinkage()) onLocal(global);
      } else if (const auto* constant = llvm::dyn_cast<llvm::Constant>(use.get())) {
        if (seen.insert(constant).second) pending.push_back(constant);
      }
    }
  }
}

void forEachLocalReferenceOf(const llvm::GlobalValue& value,
                             llvm::SmallPtrSetImpl<const llvm::Constant*>& seen,
                             const std::function<void(const llvm::GlobalValue*)>& onLocal) {
  if (const auto* variable = llvm::dyn_cast<llvm::GlobalVariable>(&value)) {
    if (variable->hasInitializer()) {
      const llvm::Constant* init = variable->getInitializer();
      if (const auto* global = llvm::dyn_cast<llvm::GlobalValue>(init)) {
        if (global->hasLocalLinkage()) onLocal(global);
      } else if (seen.insert(init).second) {
        forEachLocalReference(*init, seen, onLocal);
      }
    }
    return;
  }
  if (const auto* function = llvm::dyn_cast<llvm::Function>(&value))
    for (const llvm::BasicBlock& block : *function)
      for (const llvm::Instruction& instruction : block)
        forEachLocalReference(instruction, seen, onLocal);
}

// Longest first into the least loaded partition; partition 0 starts with
// everything that does not move. Ties go to the lower index, so the result
// is deterministic.
std::vector<unsigned> assignPartitions(const std::vector<size_t>& size, size_t stayingInstructions,
                                       unsigned count) {
  std::vector<size_t> order(size.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return size[a] > size[b]; });
  std::vector<size_t> load(count, 0);
  load[0] = stayingInstructions;
  std::vector<unsigned> partitionOf(size.size(), 0);
  for (size_t i : order) {
    const auto lightest =
        static_cast<unsigned>(std::min_element(load.begin(), load.end()) - load.begin());
    partitionOf[i] = lightest;
    load[lightest] += size[i];
  }
  return partitionOf;
}

// Local definitions a partition needs copies of: whatever its moved
// functions refer to, transitively, except other moved functions (declared
// only) and variables (external, defined in partition 0).
llvm::DenseSet<const llvm::GlobalValue*> localCopiesFor(
    const std::vector<const llvm::Function*>& roots,
    const llvm::DenseSet<const llvm::GlobalValue*>& moved) {
  llvm::DenseSet<const llvm::GlobalValue*> copies;
  llvm::SmallPtrSet<const llvm::Constant*, 16> seen;
  std::vector<const llvm::GlobalValue*> pending(roots.begin(), roots.end());
  while (!pending.empty()) {
    const llvm::GlobalValue* value = pending.back();
    pending.pop_back();
    forEachLocalReferenceOf(*value, seen, [&](const llvm::GlobalValue* local) {
      if (moved.contains(local)) return;
      if (!copies.insert(local).second) return;
      pending.push_back(local);
    });
  }
  return copies;
}

// A hidden symbol shared between the partitions, under a name of its own.
void externalize(llvm::GlobalValue& value) {
  value.setName(kMovedPrefix + value.getName().str());
  value.setLinkage(llvm::GlobalValue::ExternalLinkage);
  value.setVisibility(llvm::GlobalValue::HiddenVisibility);
  value.setDSOLocal(true);
}

// CloneModule declares every global value of the original; a partition
// needs only those it uses (fewer symbols to serialize and load).
void dropUnusedDeclarations(llvm::Module& part) {
  for (llvm::Function& f : llvm::make_early_inc_range(part))
    if (f.isDeclaration() && f.use_empty()) f.eraseFromParent();
  for (llvm::GlobalVariable& v : llvm::make_early_inc_range(part.globals()))
    if (v.isDeclaration() && v.use_empty()) v.eraseFromParent();
}

}  // namespace

unsigned partitionCount(const llvm::Module& module, size_t instructionsPerPartition) {
  size_t movable = 0;
  for (const llvm::Function& f : module)
    if (isMovable(f)) ++movable;
  if (movable == 0 || instructionsPerPartition == 0) return 1;
  const size_t wanted =
      (totalInstructions(module) + instructionsPerPartition - 1) / instructionsPerPartition;
  return static_cast<unsigned>(
      std::clamp<size_t>(wanted, 1, std::min<size_t>(kMaxPartitions, movable + 1)));
}

void splitModule(std::unique_ptr<llvm::Module> module, unsigned count,
                 llvm::function_ref<void(std::unique_ptr<llvm::Module>)> onPartition) {
  const std::vector<llvm::Function*> movable = movableFunctions(*module);
  // Function::getInstructionCount walks the function: each size is taken once.
  std::vector<size_t> size(movable.size());
  for (size_t i = 0; i < movable.size(); ++i) size[i] = movable[i]->getInstructionCount();
  const size_t moving = std::accumulate(size.begin(), size.end(), size_t{0});
  const std::vector<unsigned> partitionOf =
      assignPartitions(size, totalInstructions(*module) - moving, count);

  llvm::DenseSet<const llvm::GlobalValue*> moved;
  std::vector<std::vector<const llvm::Function*>> roots(count);
  for (size_t i = 0; i < movable.size(); ++i) {
    externalize(*movable[i]);
    moved.insert(movable[i]);
    roots[partitionOf[i]].push_back(movable[i]);
  }
  // Copies of a variable would each hold their own value.
  for (llvm::GlobalVariable& variable : module->globals())
    if (variable.hasLocalLinkage() && !variable.isConstant()) {
      externalize(variable);
      moved.insert(&variable);
    }

  for (unsigned p = 1; p < count; ++p) {
    const llvm::DenseSet<const llvm::GlobalValue*> copies = localCopiesFor(roots[p], moved);
    const llvm::DenseSet<const llvm::GlobalValue*> own(roots[p].begin(), roots[p].end());
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part =
        llvm::CloneModule(*module, map, [&](const llvm::GlobalValue* value) {
          return own.contains(value) || copies.contains(value);
        });
    dropUnusedDeclarations(*part);
    part->setModuleIdentifier(module->getModuleIdentifier() + ".part" + std::to_string(p));
    onPartition(std::move(part));
  }
  // Partition 0 is what remains of the module: cloning it would copy most
  // of the code once more.
  for (size_t i = 0; i < movable.size(); ++i)
    if (partitionOf[i] != 0) movable[i]->deleteBody();
  onPartition(std::move(module));
}

}  // namespace smc::codegen
