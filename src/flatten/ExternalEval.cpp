// External functions evaluated at translation (see ExternalRunner.h): the
// frame's inputs become C values as the FMU's external call passes them
// (IrExternal.h: double for Real, int for Integer, Boolean and enumeration
// values, size_t for sizes, arrays row-major, outputs by address), the
// model's runner calls the C function, and what it returns or writes goes
// back into the frame's outputs. A FORTRAN 77 routine gets what the FMU's
// call gives it (ExternalLanguage): scalar inputs by address, arrays
// column-major, each String's length after the other arguments.
#include "flatten/ColumnMajor.h"
#include "flatten/ConstEval.h"
#include "flatten/ExternalRunner.h"

#include <fmt/format.h>

namespace smc::flat {

namespace {

CType scalarType(BaseType type) {
  switch (type) {
    case BaseType::Real: return CType::Double;
    case BaseType::String: return CType::String;
    default: return CType::Int;
  }
}

CType outputType(BaseType type) {
  switch (type) {
    case BaseType::Real: return CType::DoubleOut;
    case BaseType::String: return CType::StringOut;
    default: return CType::IntOut;
  }
}

// The frame's value of a C value the function produced.
Constant constantOf(const CValue& value, BaseType type) {
  Constant c;
  switch (type) {
    case BaseType::Real:
      c.kind = Constant::Real;
      c.real = value.real;
      break;
    case BaseType::Boolean:
      c.kind = Constant::Boolean;
      c.boolean = value.integer != 0;
      break;
    case BaseType::String:
      c.kind = Constant::String;
      c.text = value.text;
      break;
    default:
      c.kind = Constant::Integer;
      c.integer = value.integer;
      break;
  }
  return c;
}

}  // namespace

std::optional<ConstantEvaluator::Frame> ConstantEvaluator::callExternal(Frame frame, SourceRange at) {
  const Function& f = *frame.function;
  const ExternalCall& call = *f.external;
  for (const Variable& v : f.variables)
    if (v.type == BaseType::ExternalObject)
      return fail(at, fmt::format("'{}' takes an external object, which exists only in the FMU", f.name), true);
  const bool fortran = call.language == ExternalLanguage::Fortran77;
  Frame* saved = frame_;
  frame_ = &frame;
  std::vector<CValue> args;
  std::vector<CValue> stringLengths;  // FORTRAN 77's hidden arguments
  for (const ExternalArg& arg : call.args) {
    CValue c;
    switch (arg.kind) {
      case ExternalArgKind::Value:
      case ExternalArgKind::Size: {
        auto value = evaluate(*arg.value, at);
        if (!value) {
          frame_ = saved;
          return std::nullopt;
        }
        if (arg.kind == ExternalArgKind::Size) {
          c.type = CType::Size;
          c.integer = value->kind == Constant::Integer ? value->integer : static_cast<long long>(value->asReal());
        } else if (value->kind == Constant::Real) {
          c.type = CType::Double;
          c.real = value->real;
        } else if (value->kind == Constant::String) {
          c.type = CType::String;
          c.text = value->text;
        } else {
          c.type = CType::Int;
          c.integer = value->kind == Constant::Boolean ? (value->boolean ? 1 : 0) : value->integer;
        }
        if (fortran && c.type == CType::String) {
          CValue length;
          length.type = CType::Size;
          length.integer = static_cast<long long>(c.text.size());
          stringLengths.push_back(length);
        } else if (fortran) {
          // By address, from a copy the routine may even write.
          c.type = c.type == CType::Double ? CType::DoubleOut : CType::IntOut;
        }
        break;
      }
      case ExternalArgKind::Array: {
        const DeclaredVariable& array = f.declared[arg.declared];
        const bool real = array.size() == 0 || f.variables[array.first].type == BaseType::Real;
        c.type = real ? CType::DoubleArray : CType::IntArray;
        if (real) c.reals.resize(array.size());
        else c.integers.resize(array.size());
        for (size_t k = 0; k < array.size(); ++k) {
          const std::optional<Constant>& element = frame.values[array.first + k];
          const size_t at = fortran ? columnMajorIndex(k, array.dims) : k;
          if (real) c.reals[at] = element ? element->asReal() : 0.0;
          else c.integers[at] = !element ? 0 : element->kind == Constant::Boolean ? element->boolean
                                                                                  : static_cast<int32_t>(element->integer);
        }
        break;
      }
      case ExternalArgKind::OutputAddress: c.type = outputType(f.variables[arg.variable].type); break;
    }
    args.push_back(std::move(c));
  }
  args.insert(args.end(), stringLengths.begin(), stringLengths.end());
  frame_ = saved;
  CValue result;
  if (call.result) result.type = scalarType(f.variables[*call.result].type);
  std::string error;
  const bool mayRun = !call.impure || impureCalls_ == ImpureCalls::Always;
  switch (model_.externalRunner->call(model_, call.symbol, args, result, mayRun, error)) {
    case CallOutcome::Done: break;
    case CallOutcome::NotRun:
      return fail(at, fmt::format("'{}' is an external function, which runs only in the FMU", f.name), true);
    case CallOutcome::Failed:
      return fail(call.range, fmt::format("calling '{}' at translation: {}", f.name, error));
  }
  if (call.result) frame.values[*call.result] = constantOf(result, f.variables[*call.result].type);
  for (size_t i = 0; i < call.args.size(); ++i) {
    const ExternalArg& arg = call.args[i];
    if (arg.kind == ExternalArgKind::OutputAddress)
      frame.values[arg.variable] = constantOf(args[i], f.variables[arg.variable].type);
    if (arg.kind != ExternalArgKind::Array) continue;
    const DeclaredVariable& array = f.declared[arg.declared];
    if (array.causality != Causality::Output) continue;
    for (size_t k = 0; k < array.size(); ++k) {
      const size_t at = fortran ? columnMajorIndex(k, array.dims) : k;
      CValue element;
      element.real = args[i].reals.empty() ? 0 : args[i].reals[at];
      element.integer = args[i].integers.empty() ? 0 : args[i].integers[at];
      frame.values[array.first + k] = constantOf(element, f.variables[array.first + k].type);
    }
  }
  return frame;
}

}  // namespace smc::flat
