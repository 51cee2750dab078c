// Two states: a delayed transition of priority 2 and an immediate one
// with reset = false; v defined in both states (merged outer output).
model PriorityAndReset
  block A
    outer output Integer v;
  equation
    v = previous(v) + 1;
  end A;
  block B
    outer output Integer v;
  equation
    v = previous(v) - 1;
  end B;
  inner Integer v(start = 0);
  A a;
  B b;
equation
  initialState(a);
  transition(a, b, v >= 3, immediate = false, priority = 2);
  transition(b, a, v <= 0, reset = false);
end PriorityAndReset;
