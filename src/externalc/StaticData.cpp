#include "externalc/StaticData.h"

#include <llvm/IR/DerivedTypes.h>

namespace smc::externalc {

namespace {

bool holdsPointer(const llvm::Type* type) {
  if (type->isPointerTy()) return true;
  if (const auto* array = llvm::dyn_cast<llvm::ArrayType>(type)) return holdsPointer(array->getElementType());
  if (const auto* vector = llvm::dyn_cast<llvm::VectorType>(type)) return holdsPointer(vector->getElementType());
  if (const auto* record = llvm::dyn_cast<llvm::StructType>(type))
    for (const llvm::Type* field : record->elements())
      if (holdsPointer(field)) return true;
  return false;
}

}  // namespace

void gatherStaticData(llvm::Module& module, const std::string& unitName) {
  for (llvm::GlobalVariable& variable : module.globals()) {
    if (variable.isDeclaration() || variable.isConstant() || variable.isThreadLocal() || variable.hasSection() ||
        variable.getName().startswith("llvm.") || holdsPointer(variable.getValueType()))
      continue;
    variable.setSection(kStaticDataSection);
    if (variable.hasLocalLinkage()) {
      // Static in C: a name no other object's symbol can have.
      variable.setName("smc_c_data." + unitName + "." + variable.getName().str());
      variable.setLinkage(llvm::GlobalValue::ExternalLinkage);
      variable.setVisibility(llvm::GlobalValue::HiddenVisibility);
    }
    // A tentative definition (`int n;` at file scope) is common: keep it
    // one variable, in the section.
    if (variable.hasCommonLinkage()) variable.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
}

}  // namespace smc::externalc
