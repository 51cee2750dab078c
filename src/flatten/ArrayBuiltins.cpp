// The array built-ins of spec 10.3 that reshape or combine arrays whose
// sizes are known at translation: scalar, vector, matrix, diagonal,
// outerProduct, symmetric, cross, skew and linspace. smc scalarizes
// arrays, so each is a rearrangement of element expressions (with products
// and differences for cross, outerProduct and linspace), built here once.
#include "flatten/Flattener.h"

#include <fmt/format.h>

namespace smc::flatten {

namespace {

std::string sizeText(const Value& v) {
  return v.isScalar() ? std::string("a scalar") : fmt::format("size [{}]", fmt::join(v.dims, ", "));
}

}  // namespace

bool isArrayBuiltin(const std::string& name) {
  return name == "scalar" || name == "vector" || name == "matrix" || name == "diagonal" ||
         name == "outerProduct" || name == "symmetric" || name == "cross" || name == "skew" || name == "linspace";
}

std::optional<Value> Flattener::lowerArrayBuiltin(const ast::Expr& call, const std::string& name,
                                                  const Scope& scope) {
  const SourceRange r = call.range;
  const size_t arity = name == "outerProduct" || name == "cross" ? 2 : name == "linspace" ? 3 : 1;
  if (call.args.size() != arity || !call.named.empty() || !call.iterators.empty()) {
    diags_.errorf(r, "'{}' takes {} positional argument(s)", name, arity);
    return std::nullopt;
  }
  std::vector<Value> args;
  for (const auto& arg : call.args) {
    auto value = lower(*arg, scope);
    if (!value) return std::nullopt;
    args.push_back(std::move(*value));
  }
  auto fail = [&](const std::string& what) -> std::optional<Value> {
    diags_.errorf(r, "'{}' needs {}", name, what);
    return std::nullopt;
  };
  auto mul = [&](const flat::ExprPtr& a, const flat::ExprPtr& b) { return flat::makeBinary(flat::Op::Mul, a, b, r); };
  auto sub = [&](const flat::ExprPtr& a, const flat::ExprPtr& b) { return flat::makeBinary(flat::Op::Sub, a, b, r); };
  const Value& a = args[0];
  // The sizes other than 1, which scalar, vector and matrix may drop.
  std::vector<long long> proper;
  for (long long d : a.dims)
    if (d != 1) proper.push_back(d);
  if (name == "scalar") {
    if (a.elements.size() != 1) return fail(fmt::format("an array of one element, not {}", sizeText(a)));
    return Value::scalar(a.elements[0]);
  }
  if (name == "vector") {
    if (proper.size() > 1) return fail(fmt::format("at most one dimension larger than 1, not {}", sizeText(a)));
    return Value{{static_cast<long long>(a.elements.size())}, a.elements};
  }
  if (name == "matrix") {
    for (size_t d = 2; d < a.dims.size(); ++d)
      if (a.dims[d] != 1) return fail(fmt::format("dimensions after the second of size 1, not {}", sizeText(a)));
    std::vector<long long> dims = a.dims;
    dims.resize(2, 1);
    return Value{dims, a.elements};
  }
  if (name == "diagonal") {
    if (a.dims.size() != 1) return fail(fmt::format("a vector, not {}", sizeText(a)));
    const long long n = a.dims[0];
    if (!withinElementLimit({n, n}, r, "diagonal()")) return std::nullopt;
    Value out{{n, n}, {}};
    for (long long i = 0; i < n; ++i)
      for (long long j = 0; j < n; ++j)
        out.elements.push_back(i == j ? a.elements[static_cast<size_t>(i)] : flat::makeInteger(0, r));
    return out;
  }
  if (name == "symmetric") {
    if (a.dims.size() != 2 || a.dims[0] != a.dims[1]) return fail(fmt::format("a square matrix, not {}", sizeText(a)));
    const long long n = a.dims[0];
    Value out{a.dims, {}};
    for (long long i = 0; i < n; ++i)
      for (long long j = 0; j < n; ++j)
        out.elements.push_back(a.elements[static_cast<size_t>(i > j ? j * n + i : i * n + j)]);
    return out;
  }
  if (name == "skew") {
    if (a.dims != std::vector<long long>{3}) return fail(fmt::format("a vector of 3 elements, not {}", sizeText(a)));
    const auto& x = a.elements;
    auto zero = flat::makeInteger(0, r);
    auto neg = [&](const flat::ExprPtr& e) { return flat::makeUnary(flat::Op::Negate, e, r); };
    return Value{{3, 3}, {zero, neg(x[2]), x[1], x[2], zero, neg(x[0]), neg(x[1]), x[0], zero}};
  }
  const Value& b = args[1];
  if (name == "cross") {
    if (a.dims != std::vector<long long>{3} || b.dims != std::vector<long long>{3})
      return fail(fmt::format("two vectors of 3 elements, not {} and {}", sizeText(a), sizeText(b)));
    const auto& x = a.elements;
    const auto& y = b.elements;
    return Value{{3},
                 {sub(mul(x[1], y[2]), mul(x[2], y[1])), sub(mul(x[2], y[0]), mul(x[0], y[2])),
                  sub(mul(x[0], y[1]), mul(x[1], y[0]))}};
  }
  if (name == "outerProduct") {
    if (a.dims.size() != 1 || b.dims.size() != 1)
      return fail(fmt::format("two vectors, not {} and {}", sizeText(a), sizeText(b)));
    if (!withinElementLimit({a.dims[0], b.dims[0]}, r, "outerProduct()")) return std::nullopt;
    Value out{{a.dims[0], b.dims[0]}, {}};
    for (const auto& x : a.elements)
      for (const auto& y : b.elements) out.elements.push_back(mul(x, y));
    return out;
  }
  // linspace(x1, x2, n): n equally spaced values from x1 to x2, n >= 2.
  if (!a.isScalar() || !b.isScalar() || !args[2].isScalar()) return fail("three scalars");
  auto n = evaluateInteger(*call.args[2], scope);
  if (!n) return std::nullopt;
  if (*n < 2) {
    diags_.errorf(call.args[2]->range, "'linspace' needs n >= 2, got {}", *n);
    return std::nullopt;
  }
  if (!withinElementLimit({*n}, r, "linspace()")) return std::nullopt;
  Value out{{*n}, {}};
  const flat::ExprPtr step = flat::makeBinary(flat::Op::Div, sub(b.elements[0], a.elements[0]),
                                              flat::makeInteger(*n - 1, r), r);
  for (long long i = 0; i < *n; ++i)
    out.elements.push_back(
        flat::makeBinary(flat::Op::Add, a.elements[0], mul(flat::makeInteger(i, r), step), r));
  return out;
}

}  // namespace smc::flatten
