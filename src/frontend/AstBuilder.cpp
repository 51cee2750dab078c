// Parse tree -> AST: stored definition, classes and their elements
// (specification A.2.1-A.2.4). See AstBuilder.h for the split of the walk.
#include "frontend/AstBuilder.h"

namespace smc::frontend {

using grammar::ModelicaParser;

namespace {

bool isToken(antlr4::tree::ParseTree* node, size_t type) {
  auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(node);
  return terminal && terminal->getSymbol()->getType() == type;
}

template <typename T>
void append(std::vector<T>& to, std::vector<T>& from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

}  // namespace

void AstBuilder::Reporter::report(Diagnostic diagnostic) {
  if (collected_)
    collected_->push_back(std::move(diagnostic));
  else
    engine_.report(diagnostic.severity, diagnostic.range, std::move(diagnostic.message));
}

void AstBuilder::buildItem(antlr4::ParserRuleContext* list, antlr4::ParserRuleContext* item) {
  BuiltItems& built = built_[list];
  diags_.collectInto(&built.diagnostics);
  if (auto* elements = dynamic_cast<P::Element_listContext*>(list))
    element(static_cast<P::ElementContext*>(item), visibilityOf(elements), built.elements);
  else if (dynamic_cast<P::Equation_sectionContext*>(list))
    built.equations.push_back(equation(static_cast<P::EquationContext*>(item)));
  else
    built.statements.push_back(statement(static_cast<P::StatementContext*>(item)));
  diags_.collectInto(nullptr);
}

AstBuilder::BuiltItems AstBuilder::takeBuiltItems(antlr4::ParserRuleContext* list) {
  auto found = built_.find(list);
  if (found == built_.end()) return {};
  BuiltItems items = std::move(found->second);
  built_.erase(found);
  for (Diagnostic& diagnostic : items.diagnostics) diags_.report(std::move(diagnostic));
  return items;
}

// The element_list after `protected` in a composition is protected.
ast::Visibility AstBuilder::visibilityOf(P::Element_listContext* list) {
  const std::vector<antlr4::tree::ParseTree*>& siblings = list->parent->children;
  for (size_t i = 1; i < siblings.size(); ++i)
    if (siblings[i] == list && isToken(siblings[i - 1], ModelicaParser::PROTECTED)) return ast::Visibility::Protected;
  return ast::Visibility::Public;
}

ast::StoredDefinition AstBuilder::build(P::Stored_definitionContext* tree) {
  ast::StoredDefinition out;
  out.file = locator_.file();
  if (tree->WITHIN()) {
    if (tree->name()) {
      out.within = name(tree->name());
    } else {
      ast::Name empty;
      empty.range = range(tree->WITHIN());
      out.within = std::move(empty);
    }
  }
  // `final` is a sibling token in front of the class it applies to.
  antlr4::tree::TerminalNode* final = nullptr;
  for (antlr4::tree::ParseTree* child : tree->children) {
    if (isToken(child, ModelicaParser::FINAL)) {
      final = dynamic_cast<antlr4::tree::TerminalNode*>(child);
    } else if (auto* definition = dynamic_cast<P::Class_definitionContext*>(child)) {
      std::unique_ptr<ast::ClassDef> cls = classDefinition(definition);
      if (final) {
        cls->isFinal = true;
        cls->range.begin = range(final).begin;
      }
      final = nullptr;
      out.classes.push_back(std::move(cls));
    }
  }
  return out;
}

std::unique_ptr<ast::ClassDef> AstBuilder::classDefinition(P::Class_definitionContext* context) {
  auto cls = std::make_unique<ast::ClassDef>();
  cls->range = range(context);
  cls->isEncapsulated = context->ENCAPSULATED() != nullptr;
  classPrefixes(context->class_prefixes(), *cls);
  P::Class_specifierContext* specifier = context->class_specifier();
  if (auto* longForm = specifier->long_class_specifier())
    longClassSpecifier(longForm, *cls);
  else if (auto* shortForm = specifier->short_class_specifier())
    shortClassSpecifier(shortForm, *cls);
  else
    derClassSpecifier(specifier->der_class_specifier(), *cls);
  return cls;
}

void AstBuilder::classPrefixes(P::Class_prefixesContext* context, ast::ClassDef& out) {
  using ast::ClassKind;
  out.isPartial = context->PARTIAL() != nullptr;
  out.isPure = context->PURE() != nullptr;
  out.isImpure = context->IMPURE() != nullptr;
  bool isOperator = context->OPERATOR() != nullptr;
  if (context->CLASS()) out.kind = ClassKind::Class;
  else if (context->MODEL()) out.kind = ClassKind::Model;
  else if (context->RECORD()) out.kind = isOperator ? ClassKind::OperatorRecord : ClassKind::Record;
  else if (context->BLOCK()) out.kind = ClassKind::Block;
  else if (context->CONNECTOR())
    out.kind = context->EXPANDABLE() ? ClassKind::ExpandableConnector : ClassKind::Connector;
  else if (context->TYPE()) out.kind = ClassKind::Type;
  else if (context->PACKAGE()) out.kind = ClassKind::Package;
  else if (context->FUNCTION())
    out.kind = isOperator ? ClassKind::OperatorFunction : ClassKind::Function;
  else out.kind = ClassKind::Operator;
}

void AstBuilder::checkEndName(antlr4::tree::TerminalNode* name,
                              antlr4::tree::TerminalNode* endName) {
  if (identifier(name) == identifier(endName)) return;
  diags_.errorf(range(endName), "class '{}' is closed by 'end {}'", identifier(name),
                identifier(endName));
}

void AstBuilder::longClassSpecifier(P::Long_class_specifierContext* context,
                                    ast::ClassDef& out) {
  if (auto* plain = dynamic_cast<P::LongClassContext*>(context)) {
    out.form = ast::ClassForm::Long;
    out.name = identifier(plain->IDENT(0));
    out.nameRange = range(plain->IDENT(0));
    out.description = descriptionString(plain->description_string());
    composition(plain->composition(), out);
    checkEndName(plain->IDENT(0), plain->IDENT(1));
    return;
  }
  // `class extends A(mod) ... end A;` keeps its modification in
  // shortModification (the form is not supported downstream).
  auto* extension = dynamic_cast<P::ExtendsClassContext*>(context);
  out.form = ast::ClassForm::Extends;
  out.name = identifier(extension->IDENT(0));
  out.nameRange = range(extension->IDENT(0));
  if (auto* modification = extension->class_or_inheritance_modification())
    out.shortModification = classOrInheritanceModification(modification);
  out.description = descriptionString(extension->description_string());
  composition(extension->composition(), out);
  checkEndName(extension->IDENT(0), extension->IDENT(1));
}

void AstBuilder::shortClassSpecifier(P::Short_class_specifierContext* context,
                                     ast::ClassDef& out) {
  if (auto* alias = dynamic_cast<P::ShortClassContext*>(context)) {
    out.form = ast::ClassForm::Short;
    out.name = identifier(alias->IDENT());
    out.nameRange = range(alias->IDENT());
    P::Base_prefixContext* base = alias->base_prefix();
    out.shortCausality = base->INPUT()    ? ast::Causality::Input
                         : base->OUTPUT() ? ast::Causality::Output
                                          : ast::Causality::None;
    out.shortBase = typeSpecifier(alias->type_specifier());
    out.shortSubscripts = arraySubscripts(alias->array_subscripts());
    if (alias->class_modification())
      out.shortModification = classModification(alias->class_modification());
    description(alias->description(), out.description, out.annotation);
    return;
  }
  auto* enumeration = dynamic_cast<P::EnumerationClassContext*>(context);
  out.form = ast::ClassForm::Enumeration;
  out.name = identifier(enumeration->IDENT());
  out.nameRange = range(enumeration->IDENT());
  out.enumColon = enumeration->COLON() != nullptr;
  if (auto* list = enumeration->enum_list()) {
    for (P::Enumeration_literalContext* literal : list->enumeration_literal()) {
      ast::EnumLiteral item;
      item.name = identifier(literal->IDENT());
      item.range = range(literal);
      std::unique_ptr<ast::Annotation> ignored;  // literal annotations carry no semantics
      description(literal->description(), item.description, ignored);
      out.enumLiterals.push_back(std::move(item));
    }
  }
  description(enumeration->description(), out.description, out.annotation);
}

void AstBuilder::derClassSpecifier(P::Der_class_specifierContext* context, ast::ClassDef& out) {
  // `function df = der(f, x, y)`: only the base function is kept; the form
  // itself is reported downstream.
  out.form = ast::ClassForm::Derivative;
  out.name = identifier(context->IDENT(0));
  out.nameRange = range(context->IDENT(0));
  out.shortBase = typeSpecifier(context->type_specifier());
  description(context->description(), out.description, out.annotation);
}

void AstBuilder::composition(P::CompositionContext* context, ast::ClassDef& out) {
  ast::Visibility visibility = ast::Visibility::Public;
  bool inExternal = false;
  for (antlr4::tree::ParseTree* child : context->children) {
    if (auto* terminal = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
      switch (terminal->getSymbol()->getType()) {
        case ModelicaParser::PUBLIC: visibility = ast::Visibility::Public; break;
        case ModelicaParser::PROTECTED: visibility = ast::Visibility::Protected; break;
        case ModelicaParser::EXTERNAL:
          out.hasExternal = true;
          out.externalRange = range(terminal);
          out.externalLanguage.assign(1, 'C');  // GCC 12 misreads = "C" (PR 105329)
          inExternal = true;
          break;
        case ModelicaParser::SEMICOLON:
          if (inExternal) out.externalRange.end = locator_.end(terminal->getSymbol());
          inExternal = false;
          break;
        default: break;
      }
    } else if (auto* language = dynamic_cast<P::Language_specificationContext*>(child)) {
      // The token keeps its quotes; the language names have no escapes.
      std::string name = language->STRING()->getText();
      if (name.size() >= 2) name = std::string(name.begin() + 1, name.end() - 1);
      out.externalLanguage = std::move(name);
    } else if (auto* externalCall = dynamic_cast<P::External_function_callContext*>(child)) {
      out.externalFunction = externalCall->IDENT()->getText();
      if (auto* output = externalCall->component_reference()) out.externalOutput = componentReference(output);
      if (auto* list = externalCall->expression_list())
        for (P::ExpressionContext* arg : list->expression()) out.externalArgs.push_back(expression(arg));
    } else if (auto* elements = dynamic_cast<P::Element_listContext*>(child)) {
      for (P::ElementContext* item : elements->element()) element(item, visibility, out);
      BuiltItems built = takeBuiltItems(elements);
      append(out.components, built.elements.components);
      append(out.classes, built.elements.classes);
      append(out.extends, built.elements.extends);
      append(out.imports, built.elements.imports);
    } else if (auto* equations = dynamic_cast<P::Equation_sectionContext*>(child)) {
      out.equationSections.push_back(equationSection(equations));
    } else if (auto* algorithms = dynamic_cast<P::Algorithm_sectionContext*>(child)) {
      out.algorithmSections.push_back(algorithmSection(algorithms));
    } else if (auto* note = dynamic_cast<P::Annotation_commentContext*>(child)) {
      // The external clause's own annotation (Library, Include, ...) goes
      // with the clause; the other one is the class's.
      if (!inExternal) out.annotation = annotation(note);
      else out.externalAnnotation = annotation(note);
    }
  }
}

void AstBuilder::element(P::ElementContext* context, ast::Visibility visibility,
                         ast::ClassDef& out) {
  if (auto* import = dynamic_cast<P::ImportElementContext*>(context)) {
    out.imports.push_back(importClause(import->import_clause(), visibility));
    return;
  }
  if (auto* extension = dynamic_cast<P::ExtendsElementContext*>(context)) {
    out.extends.push_back(extendsClause(extension->extends_clause(), visibility));
    return;
  }
  auto* declaration = dynamic_cast<P::DeclarationElementContext*>(context);
  ElementPrefixes prefixes;
  prefixes.isRedeclare = declaration->REDECLARE() != nullptr;
  prefixes.isFinal = declaration->FINAL() != nullptr;
  prefixes.isInner = declaration->INNER() != nullptr;
  prefixes.isOuter = declaration->OUTER() != nullptr;
  prefixes.isReplaceable = declaration->REPLACEABLE() != nullptr;
  prefixes.visibility = visibility;
  prefixes.begin = range(context).begin;
  P::Constraining_clauseContext* constraint = declaration->constraining_clause();
  if (auto* component = declaration->component_clause()) {
    const size_t first = out.components.size();
    componentClause(component, prefixes, out);
    if (constraint)
      for (size_t i = first; i < out.components.size(); ++i)
        out.components[i].constrainedBy = constrainingClause(constraint);
    return;
  }
  std::unique_ptr<ast::ClassDef> cls = classDefinition(declaration->class_definition());
  if (constraint) cls->constrainedBy = constrainingClause(constraint);
  cls->range.begin = prefixes.begin;
  cls->isRedeclare = prefixes.isRedeclare;
  cls->isFinal = prefixes.isFinal;
  cls->isInner = prefixes.isInner;
  cls->isOuter = prefixes.isOuter;
  cls->isReplaceable = prefixes.isReplaceable;
  cls->visibility = visibility;
  out.classes.push_back(std::move(cls));
}

void AstBuilder::typePrefix(P::Type_prefixContext* context, ast::Component& out) {
  if (context->FLOW()) out.connectorKind = ast::ConnectorKind::Flow;
  if (context->STREAM()) out.connectorKind = ast::ConnectorKind::Stream;
  if (context->DISCRETE()) out.variability = ast::Variability::Discrete;
  if (context->PARAMETER()) out.variability = ast::Variability::Parameter;
  if (context->CONSTANT()) out.variability = ast::Variability::Constant;
  if (context->INPUT()) out.causality = ast::Causality::Input;
  if (context->OUTPUT()) out.causality = ast::Causality::Output;
}

void AstBuilder::componentClause(P::Component_clauseContext* context,
                                 const ElementPrefixes& prefixes, ast::ClassDef& out) {
  // One Component per declared name; each gets its own copy of the type
  // part, and its range runs from the element's start to its own end.
  for (P::Component_declarationContext* item :
       context->component_list()->component_declaration()) {
    ast::Component component;
    typePrefix(context->type_prefix(), component);
    component.typeName = typeSpecifier(context->type_specifier());
    component.typeSubscripts = arraySubscripts(context->array_subscripts());
    component.isFinal = prefixes.isFinal;
    component.isInner = prefixes.isInner;
    component.isOuter = prefixes.isOuter;
    component.isRedeclare = prefixes.isRedeclare;
    component.isReplaceable = prefixes.isReplaceable;
    component.visibility = prefixes.visibility;

    P::DeclarationContext* declaration = item->declaration();
    component.name = identifier(declaration->IDENT());
    component.nameRange = range(declaration->IDENT());
    component.subscripts = arraySubscripts(declaration->array_subscripts());
    if (declaration->modification())
      component.modification = modification(declaration->modification());
    if (item->condition_attribute())
      component.condition = expression(item->condition_attribute()->expression());
    description(item->description(), component.description, component.annotation);
    component.range = {prefixes.begin, range(item).end};
    out.components.push_back(std::move(component));
  }
}

std::unique_ptr<ast::Component> AstBuilder::componentClause1(P::Component_clause1Context* context, bool isFinal,
                                                             bool isReplaceable) {
  auto component = std::make_unique<ast::Component>();
  typePrefix(context->type_prefix(), *component);
  component->typeName = typeSpecifier(context->type_specifier());
  component->isFinal = isFinal;
  component->isRedeclare = true;
  component->isReplaceable = isReplaceable;
  P::DeclarationContext* declaration = context->component_declaration1()->declaration();
  component->name = identifier(declaration->IDENT());
  component->nameRange = range(declaration->IDENT());
  component->subscripts = arraySubscripts(declaration->array_subscripts());
  if (declaration->modification()) component->modification = modification(declaration->modification());
  description(context->component_declaration1()->description(), component->description, component->annotation);
  component->range = range(context);
  return component;
}

std::unique_ptr<ast::ClassDef> AstBuilder::shortClassDefinition(P::Short_class_definitionContext* context) {
  auto cls = std::make_unique<ast::ClassDef>();
  cls->range = range(context);
  classPrefixes(context->class_prefixes(), *cls);
  shortClassSpecifier(context->short_class_specifier(), *cls);
  cls->isRedeclare = true;
  return cls;
}

std::unique_ptr<ast::ConstrainingClause> AstBuilder::constrainingClause(P::Constraining_clauseContext* context) {
  auto out = std::make_unique<ast::ConstrainingClause>();
  out->range = range(context);
  out->type = typeSpecifier(context->type_specifier());
  if (context->class_modification()) out->modification = classModification(context->class_modification());
  return out;
}

ast::Import AstBuilder::importClause(P::Import_clauseContext* context,
                                     ast::Visibility visibility) {
  ast::Import out;
  out.visibility = visibility;
  out.range = range(context);
  out.path = name(context->name());
  if (context->EQUALS()) {
    out.kind = ast::ImportKind::Renamed;
    out.alias = identifier(context->IDENT());
  } else if (context->DOT_STAR() || context->STAR()) {
    out.kind = ast::ImportKind::Unqualified;
  } else if (context->import_list()) {
    out.kind = ast::ImportKind::Multiple;
    for (antlr4::tree::TerminalNode* item : context->import_list()->IDENT())
      out.names.push_back(identifier(item));
  } else {
    out.kind = ast::ImportKind::Qualified;
  }
  return out;
}

ast::Extends AstBuilder::extendsClause(P::Extends_clauseContext* context,
                                       ast::Visibility visibility) {
  ast::Extends out;
  out.visibility = visibility;
  out.range = range(context);
  out.base = typeSpecifier(context->type_specifier());
  if (auto* modification = context->class_or_inheritance_modification())
    out.modification = classOrInheritanceModification(modification);
  if (context->annotation_comment()) out.annotation = annotation(context->annotation_comment());
  return out;
}

}  // namespace smc::frontend
