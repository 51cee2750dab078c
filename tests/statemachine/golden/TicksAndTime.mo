// ticksInState() in a delayed condition and timeInState() in an immediate
// one, both on the machine's clock Clock(0.25); ticksInState() also read
// in a state equation.
model TicksAndTime
  block A
    output Integer n;
  equation
    n = ticksInState();
  end A;
  block B
  end B;
  A a;
  B b;
  Real t = sample(time, Clock(0.25));
equation
  initialState(a);
  transition(a, b, ticksInState() >= 3 and t >= 0, immediate = false);
  transition(b, a, timeInState() >= 0.5);
end TicksAndTime;
