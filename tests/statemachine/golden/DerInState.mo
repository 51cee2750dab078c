// der() inside a state: its derivative reads zero while the state is
// inactive; the clocks stage (not shown here) freezes x then and restarts
// it at its start value on the state's reset.
model DerInState
  block Decay
    Real x(start = 2);
  equation
    der(x) = -x;
  end Decay;
  block Idle
  end Idle;
  Decay decay;
  Idle idle;
equation
  initialState(decay);
  transition(decay, idle, decay.x < 1, immediate = false);
end DerInState;
