// Modelica 3.6 concrete syntax (specification, Appendix A) as one combined
// ANTLR 4 grammar. Rule names keep the specification's productions (hyphens
// become underscores, so `component-clause` is `component_clause`); `#labels`
// split alternatives the AST builder must tell apart. Deviations from the
// productions as printed:
//  - right-recursive lists (named_arguments, array_arguments_non_first,
//    function_arguments_non_first) are written as loops, so long argument
//    lists do not recurse once per element;
//  - `equation` and `statement` repeat the trailing `description` in every
//    alternative so each alternative can carry a label;
//  - `{}` (an empty array constructor) is accepted, as tools commonly do;
//  - `end` is a primary only inside square brackets (see END_SUBSCRIPT),
//    the only place where the specification gives it a meaning;
//  - the lexer is lenient about string escapes (the builder reports bad ones
//    with their exact location) and turns unterminated strings, comments and
//    quoted identifiers and stray characters into tokens on channel 2, which
//    the parser never sees and SyntaxErrors.cpp reports precisely.
grammar Modelica;

// `end` inside square brackets can only be the array-indexing expression
// (brackets hold expressions, never equations or classes); everywhere else
// it is the closing keyword. Deciding this in the
// lexer keeps `end if`, `end when`, `end Name` from looking like an equation
// that starts with the expression `end`, which would otherwise turn a wrong
// or missing closing keyword into a cascade of confusing errors.
tokens { END_SUBSCRIPT }

// ANTLR 4.7.2 declares `tokens {}` types in the parser only.
@lexer::postinclude {
#include "ModelicaParser.h"
}

@lexer::members {
  size_t bracketDepth = 0;  // '[' ... ']' nesting at the current position
}

// ------------------------------------------------------ stored definition ---

stored_definition
    : (WITHIN name? ';')? (FINAL? class_definition ';')* EOF
    ;

// ------------------------------------------------------- class definition ---

class_definition
    : ENCAPSULATED? class_prefixes class_specifier
    ;

class_prefixes
    : PARTIAL?
      ( CLASS
      | MODEL
      | OPERATOR? RECORD
      | BLOCK
      | EXPANDABLE? CONNECTOR
      | TYPE
      | PACKAGE
      | (PURE | IMPURE)? OPERATOR? FUNCTION
      | OPERATOR
      )
    ;

class_specifier
    : long_class_specifier
    | short_class_specifier
    | der_class_specifier
    ;

long_class_specifier
    : IDENT description_string composition END IDENT                 # longClass
    | EXTENDS IDENT class_or_inheritance_modification? description_string
      composition END IDENT                                          # extendsClass
    ;

short_class_specifier
    : IDENT '=' base_prefix type_specifier array_subscripts?
      class_modification? description                                # shortClass
    | IDENT '=' ENUMERATION '(' (enum_list? | ':') ')' description   # enumerationClass
    ;

der_class_specifier
    : IDENT '=' DER '(' type_specifier ',' IDENT (',' IDENT)* ')' description
    ;

base_prefix
    : (INPUT | OUTPUT)?
    ;

enum_list
    : enumeration_literal (',' enumeration_literal)*
    ;

enumeration_literal
    : IDENT description
    ;

composition
    : element_list
      ( PUBLIC element_list
      | PROTECTED element_list
      | equation_section
      | algorithm_section
      )*
      ( EXTERNAL language_specification? external_function_call?
        annotation_comment? ';' )?
      ( annotation_comment ';' )?
    ;

language_specification
    : STRING
    ;

external_function_call
    : (component_reference '=')? IDENT '(' expression_list? ')'
    ;

element_list
    : (element ';')*
    ;

element
    : import_clause                                                  # importElement
    | extends_clause                                                 # extendsElement
    | REDECLARE? FINAL? INNER? OUTER?
      ( class_definition
      | component_clause
      | REPLACEABLE (class_definition | component_clause)
        (constraining_clause description)?
      )                                                              # declarationElement
    ;

import_clause
    : IMPORT
      ( IDENT '=' name
      | name ('.*' | '.' ('*' | '{' import_list '}'))?
      )
      description
    ;

import_list
    : IDENT (',' IDENT)*
    ;

// ---------------------------------------------------------------- extends ---

extends_clause
    : EXTENDS type_specifier class_or_inheritance_modification? annotation_comment?
    ;

constraining_clause
    : CONSTRAINEDBY type_specifier class_modification?
    ;

class_or_inheritance_modification
    : '(' argument_or_inheritance_modification_list? ')'
    ;

argument_or_inheritance_modification_list
    : (argument | inheritance_modification) (',' (argument | inheritance_modification))*
    ;

inheritance_modification
    : BREAK (connect_clause | IDENT)
    ;

// ------------------------------------------------------- component clause ---

component_clause
    : type_prefix type_specifier array_subscripts? component_list
    ;

type_prefix
    : (FLOW | STREAM)? (DISCRETE | PARAMETER | CONSTANT)? (INPUT | OUTPUT)?
    ;

component_list
    : component_declaration (',' component_declaration)*
    ;

component_declaration
    : declaration condition_attribute? description
    ;

condition_attribute
    : IF expression
    ;

declaration
    : IDENT array_subscripts? modification?
    ;

// ----------------------------------------------------------- modification ---

modification
    : class_modification ('=' expression)?
    | '=' expression
    | ':=' expression
    ;

class_modification
    : '(' argument_list? ')'
    ;

argument_list
    : argument (',' argument)*
    ;

argument
    : element_modification_or_replaceable
    | element_redeclaration
    ;

element_modification_or_replaceable
    : EACH? FINAL? (element_modification | element_replaceable)
    ;

element_modification
    : name modification? description_string
    ;

element_redeclaration
    : REDECLARE EACH? FINAL? (short_class_definition | component_clause1 | element_replaceable)
    ;

element_replaceable
    : REPLACEABLE (short_class_definition | component_clause1) constraining_clause?
    ;

component_clause1
    : type_prefix type_specifier component_declaration1
    ;

component_declaration1
    : declaration description
    ;

short_class_definition
    : class_prefixes short_class_specifier
    ;

// -------------------------------------------------------------- equations ---

equation_section
    : INITIAL? EQUATION (equation ';')*
    ;

algorithm_section
    : INITIAL? ALGORITHM (statement ';')*
    ;

equation
    : simple_expression '=' expression description                  # simpleEquation
    | if_equation description                                        # ifEquation
    | for_equation description                                       # forEquation
    | connect_clause description                                     # connectEquation
    | when_equation description                                      # whenEquation
    | component_reference function_call_args description             # callEquation
    ;

statement
    : component_reference ':=' expression description                # assignStatement
    | component_reference function_call_args description             # callStatement
    | '(' output_expression_list ')' ':=' component_reference
      function_call_args description                                 # multipleAssignStatement
    | BREAK description                                              # breakStatement
    | RETURN description                                             # returnStatement
    | if_statement description                                       # ifStatement
    | for_statement description                                      # forStatement
    | while_statement description                                    # whileStatement
    | when_statement description                                     # whenStatement
    ;

if_equation
    : IF expression THEN (equation ';')*
      (ELSEIF expression THEN (equation ';')*)*
      (ELSE (equation ';')*)?
      END IF
    ;

if_statement
    : IF expression THEN (statement ';')*
      (ELSEIF expression THEN (statement ';')*)*
      (ELSE (statement ';')*)?
      END IF
    ;

for_equation
    : FOR for_indices LOOP (equation ';')* END FOR
    ;

for_statement
    : FOR for_indices LOOP (statement ';')* END FOR
    ;

for_indices
    : for_index (',' for_index)*
    ;

for_index
    : IDENT (IN expression)?
    ;

while_statement
    : WHILE expression LOOP (statement ';')* END WHILE
    ;

when_equation
    : WHEN expression THEN (equation ';')*
      (ELSEWHEN expression THEN (equation ';')*)*
      END WHEN
    ;

when_statement
    : WHEN expression THEN (statement ';')*
      (ELSEWHEN expression THEN (statement ';')*)*
      END WHEN
    ;

connect_clause
    : CONNECT '(' component_reference ',' component_reference ')'
    ;

// ------------------------------------------------------------ expressions ---

expression
    : simple_expression                                              # simpleExpression
    | IF expression THEN expression (ELSEIF expression THEN expression)*
      ELSE expression                                                # ifExpression
    ;

simple_expression
    : logical_expression (':' logical_expression (':' logical_expression)?)?
    ;

logical_expression
    : logical_term (OR logical_term)*
    ;

logical_term
    : logical_factor (AND logical_factor)*
    ;

logical_factor
    : NOT? relation
    ;

relation
    : arithmetic_expression (relational_operator arithmetic_expression)?
    ;

relational_operator
    : '<' | '<=' | '>' | '>=' | '==' | '<>'
    ;

arithmetic_expression
    : add_operator? term (add_operator term)*
    ;

add_operator
    : '+' | '-' | '.+' | '.-'
    ;

term
    : factor (mul_operator factor)*
    ;

mul_operator
    : '*' | '/' | '.*' | './'
    ;

factor
    : primary (('^' | '.^') primary)?
    ;

primary
    : UNSIGNED_NUMBER                                                # numberPrimary
    | STRING                                                         # stringPrimary
    | FALSE                                                          # falsePrimary
    | TRUE                                                           # truePrimary
    | (component_reference | DER | INITIAL | PURE) function_call_args # callPrimary
    | component_reference                                            # referencePrimary
    | '(' output_expression_list ')'                                 # parenthesisPrimary
    | '[' expression_list (';' expression_list)* ']'                 # matrixPrimary
    | '{' array_arguments? '}'                                       # arrayPrimary
    | END_SUBSCRIPT                                                  # endPrimary
    ;

type_specifier
    : '.'? name
    ;

name
    : IDENT ('.' IDENT)*
    ;

component_reference
    : '.'? IDENT array_subscripts? ('.' IDENT array_subscripts?)*
    ;

function_call_args
    : '(' function_arguments? ')'
    ;

function_arguments
    : expression (',' function_arguments_non_first | FOR for_indices)?
    | function_partial_application (',' function_arguments_non_first)?
    | named_arguments
    ;

function_arguments_non_first
    : function_argument (',' function_argument)* (',' named_arguments)?
    | named_arguments
    ;

array_arguments
    : expression (',' array_arguments_non_first | FOR for_indices)?
    ;

array_arguments_non_first
    : expression (',' expression)*
    ;

named_arguments
    : named_argument (',' named_argument)*
    ;

named_argument
    : IDENT '=' function_argument
    ;

function_argument
    : function_partial_application
    | expression
    ;

function_partial_application
    : FUNCTION type_specifier '(' named_arguments? ')'
    ;

output_expression_list
    : expression? (',' expression?)*
    ;

expression_list
    : expression (',' expression)*
    ;

array_subscripts
    : '[' subscript (',' subscript)* ']'
    ;

subscript
    : ':'
    | expression
    ;

description
    : description_string annotation_comment?
    ;

description_string
    : (STRING ('+' STRING)*)?
    ;

annotation_comment
    : ANNOTATION class_modification
    ;

// ================================================================= lexer ===

ALGORITHM     : 'algorithm';
AND           : 'and';
ANNOTATION    : 'annotation';
BLOCK         : 'block';
BREAK         : 'break';
CLASS         : 'class';
CONNECT       : 'connect';
CONNECTOR     : 'connector';
CONSTANT      : 'constant';
CONSTRAINEDBY : 'constrainedby';
DER           : 'der';
DISCRETE      : 'discrete';
EACH          : 'each';
ELSE          : 'else';
ELSEIF        : 'elseif';
ELSEWHEN      : 'elsewhen';
ENCAPSULATED  : 'encapsulated';
END           : 'end' { if (bracketDepth > 0) setType(ModelicaParser::END_SUBSCRIPT); };
ENUMERATION   : 'enumeration';
EQUATION      : 'equation';
EXPANDABLE    : 'expandable';
EXTENDS       : 'extends';
EXTERNAL      : 'external';
FALSE         : 'false';
FINAL         : 'final';
FLOW          : 'flow';
FOR           : 'for';
FUNCTION      : 'function';
IF            : 'if';
IMPORT        : 'import';
IMPURE        : 'impure';
IN            : 'in';
INITIAL       : 'initial';
INNER         : 'inner';
INPUT         : 'input';
LOOP          : 'loop';
MODEL         : 'model';
NOT           : 'not';
OPERATOR      : 'operator';
OR            : 'or';
OUTER         : 'outer';
OUTPUT        : 'output';
PACKAGE       : 'package';
PARAMETER     : 'parameter';
PARTIAL       : 'partial';
PROTECTED     : 'protected';
PUBLIC        : 'public';
PURE          : 'pure';
RECORD        : 'record';
REDECLARE     : 'redeclare';
REPLACEABLE   : 'replaceable';
RETURN        : 'return';
STREAM        : 'stream';
THEN          : 'then';
TRUE          : 'true';
TYPE          : 'type';
WHEN          : 'when';
WHILE         : 'while';
WITHIN        : 'within';

LPAREN    : '(';
RPAREN    : ')';
LBRACKET  : '[' { ++bracketDepth; };
RBRACKET  : ']' { if (bracketDepth > 0) --bracketDepth; };
LBRACE    : '{';
RBRACE    : '}';
SEMICOLON : ';';
COMMA     : ',';
COLON     : ':';
ASSIGN    : ':=';
EQUALS    : '=';
DOT       : '.';
DOT_STAR  : '.*';
DOT_SLASH : './';
DOT_PLUS  : '.+';
DOT_MINUS : '.-';
DOT_POWER : '.^';
PLUS      : '+';
MINUS     : '-';
STAR      : '*';
SLASH     : '/';
POWER     : '^';
LESS      : '<';
LESS_EQ   : '<=';
GREATER   : '>';
GREATER_EQ: '>=';
EQUAL_EQ  : '==';
NOT_EQUAL : '<>';

IDENT
    : NONDIGIT (DIGIT | NONDIGIT)*
    | Q_IDENT
    ;

// Every escape is accepted here; AstBuilder decodes them and reports the
// ones the specification does not define, pointing at the backslash.
STRING
    : '"' (~["\\] | '\\' .)* '"'
    ;

UNSIGNED_NUMBER
    : UNSIGNED_INTEGER ('.' UNSIGNED_INTEGER?)? EXPONENT?
    | '.' UNSIGNED_INTEGER EXPONENT?
    ;

WHITESPACE   : [ \t\r\n\f\u000B]+ -> skip;
LINE_COMMENT : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT: '/*' .*? '*/' -> skip;

// Malformed input. Each rule matches strictly less than its well-formed
// counterpart when that one succeeds, so longest-match picks the right token.
UNTERMINATED_STRING : '"' (~["\\] | '\\' .)* '\\'? -> channel(2);
UNTERMINATED_COMMENT: '/*' (~'*' | '*'+ ~[*/])* '*'* -> channel(2);
UNTERMINATED_QIDENT : '\'' (Q_CHAR | S_ESCAPE | '"')* -> channel(2);
INVALID_CHARACTER   : . -> channel(2);

fragment Q_IDENT  : '\'' (Q_CHAR | S_ESCAPE) (Q_CHAR | S_ESCAPE | '"')* '\'';
fragment NONDIGIT : [_a-zA-Z];
fragment DIGIT    : [0-9];
// Beyond the specification's printable ASCII, any non-ASCII character
// (bytes 0x80-0xFF: the parser reads bytes): 'température'. Whether the
// bytes are UTF-8 is checked after lexing, which names a bad byte.
fragment Q_CHAR
    : NONDIGIT | DIGIT
    | [!#$%&()*+,\-./:;<>=?@[\]^{}|~ ]
    | [\u0080-\u00FF]
    ;
fragment S_ESCAPE : '\\' ['"?\\abfnrtv];
fragment UNSIGNED_INTEGER : DIGIT+;
fragment EXPONENT : [eE] [+-]? UNSIGNED_INTEGER;
