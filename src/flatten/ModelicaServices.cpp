// smc's implementation of the tool-specific part of the MSL that its
// ModelicaServices package leaves to each tool: resolving a resource's URI
// (ModelicaServices.ExternalReferences.loadResource, and
// Modelica.Utilities.Files.loadResource, which extends it). The default
// ModelicaServices passes the URI to fullPathName, which knows no
// modelica:// scheme; a tool maps it to a file through the library path
// (spec 13.5). smc does so at translation, so the call becomes the
// absolute path as a String literal: the FMU then reads the file where it
// was when the model was translated.
//
// The URI is resolved as the other resource URIs of the library are
// (Flattener::resourceDirectory): modelica://Lib.Pkg/dir/file under the
// directory of class Lib.Pkg, file:///path as /path, a plain name relative
// to the file that writes the call.
#include "flatten/Flattener.h"

#include <fmt/format.h>


namespace smc::flatten {

bool Flattener::isLoadResource(ClassNode* cls) {
  if (!loadResourceClass_)  // looked up once: every call asks
    loadResourceClass_ = tree_.find({"ModelicaServices", "ExternalReferences", "loadResource"}, true, tree_.root());
  return *loadResourceClass_ && cls && tree_.isOrInherits(cls, *loadResourceClass_);
}

std::optional<Value> Flattener::lowerLoadResource(const ast::Expr& call, const CallArguments& arguments,
                                                  const Scope& scope) {
  const std::optional<Value>& uri = arguments.given.empty() ? std::nullopt : arguments.given[0];
  auto text = uri && uri->isScalar() && isParameterExpression(*uri->elements[0], scope)
                  ? evaluateFlat(*uri->elements[0], call.range)
                  : std::nullopt;
  if (!text || text->kind != Constant::String) {
    diags_.unsupported(call.range, fmt::format("'{}' of a URI that is not known at translation", arguments.name));
    return std::nullopt;
  }
  const std::string path = resourceDirectory(text->text, call.range);
  if (path.empty()) return std::nullopt;
  return Value::scalar(flat::makeString(path, call.range));
}

}  // namespace smc::flatten
