// Parse tree -> AST: modifications, annotations and description strings
// (specification A.2.5 and the `description` productions of A.2.7).
#include "frontend/AstBuilder.h"

namespace smc::frontend {

std::unique_ptr<ast::Modification> AstBuilder::modification(P::ModificationContext* context) {
  std::unique_ptr<ast::Modification> out;
  if (context->class_modification())
    out = classModification(context->class_modification());
  else
    out = std::make_unique<ast::Modification>();
  out->range = range(context);
  if (context->expression()) out->binding = expression(context->expression());
  out->assignStyle = context->ASSIGN() != nullptr;
  return out;
}

std::unique_ptr<ast::Modification> AstBuilder::classModification(
    P::Class_modificationContext* context) {
  auto out = std::make_unique<ast::Modification>();
  out->range = range(context);
  if (auto* list = context->argument_list())
    for (P::ArgumentContext* item : list->argument()) out->arguments.push_back(argument(item));
  return out;
}

std::unique_ptr<ast::Modification> AstBuilder::classOrInheritanceModification(
    P::Class_or_inheritance_modificationContext* context) {
  auto out = std::make_unique<ast::Modification>();
  out->range = range(context);
  auto* list = context->argument_or_inheritance_modification_list();
  if (!list) return out;
  for (antlr4::tree::ParseTree* child : list->children) {
    if (auto* item = dynamic_cast<P::ArgumentContext*>(child))
      out->arguments.push_back(argument(item));
    else if (auto* deselection = dynamic_cast<P::Inheritance_modificationContext*>(child))
      diags_.unsupported(range(deselection), "inheritance modification ('break')");
  }
  return out;
}

ast::ElementModification AstBuilder::argument(P::ArgumentContext* context) {
  ast::ElementModification out;
  out.range = range(context);
  if (auto* redeclaration = context->element_redeclaration()) {
    // Kept only as a marker with the redeclared name: later stages report
    // it as not supported.
    out.isRedeclaration = true;
    out.each = redeclaration->EACH() != nullptr;
    out.final = redeclaration->FINAL() != nullptr;
    if (auto* replaceable = redeclaration->element_replaceable())
      out.path = redeclaredName(replaceable->short_class_definition(),
                                replaceable->component_clause1());
    else
      out.path = redeclaredName(redeclaration->short_class_definition(),
                                redeclaration->component_clause1());
    return out;
  }
  auto* item = context->element_modification_or_replaceable();
  out.each = item->EACH() != nullptr;
  out.final = item->FINAL() != nullptr;
  if (auto* replaceable = item->element_replaceable()) {
    out.isRedeclaration = true;
    out.path = redeclaredName(replaceable->short_class_definition(),
                              replaceable->component_clause1());
    return out;
  }
  P::Element_modificationContext* modified = item->element_modification();
  out.path = name(modified->name());
  if (modified->modification()) out.modification = modification(modified->modification());
  out.description = descriptionString(modified->description_string());
  return out;
}

ast::Name AstBuilder::redeclaredName(P::Short_class_definitionContext* shortClass,
                                     P::Component_clause1Context* component) {
  antlr4::tree::TerminalNode* identifierNode = nullptr;
  if (shortClass) {
    P::Short_class_specifierContext* specifier = shortClass->short_class_specifier();
    if (auto* alias = dynamic_cast<P::ShortClassContext*>(specifier))
      identifierNode = alias->IDENT();
    else
      identifierNode = dynamic_cast<P::EnumerationClassContext*>(specifier)->IDENT();
  } else {
    identifierNode = component->component_declaration1()->declaration()->IDENT();
  }
  ast::Name out;
  out.parts.push_back(identifier(identifierNode));
  out.range = range(identifierNode);
  return out;
}

std::unique_ptr<ast::Annotation> AstBuilder::annotation(P::Annotation_commentContext* context) {
  auto out = std::make_unique<ast::Annotation>();
  out->range = range(context);
  std::unique_ptr<ast::Modification> body = classModification(context->class_modification());
  out->modification = std::move(*body);
  return out;
}

void AstBuilder::description(P::DescriptionContext* context, std::string& text,
                             std::unique_ptr<ast::Annotation>& annotationOut) {
  text = descriptionString(context->description_string());
  if (context->annotation_comment()) annotationOut = annotation(context->annotation_comment());
}

std::string AstBuilder::descriptionString(P::Description_stringContext* context) {
  // "a" + "b" is one description, concatenated.
  std::string out;
  for (antlr4::tree::TerminalNode* part : context->STRING())
    out += stringLiteral(part->getSymbol());
  return out;
}

}  // namespace smc::frontend
