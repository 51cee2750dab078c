// A macro state with two parallel machines inside, left by a delayed
// synchronize transition once both are in their final states; the inner
// machines are reset when the macro state is entered.
model HierarchySynchronize
  block P1
  end P1;
  block P2
  end P2;
  block Q1
  end Q1;
  block Q2
  end Q2;
  block Work
    P1 p1;
    P2 p2;
    Q1 q1;
    Q2 q2;
  equation
    initialState(p1);
    transition(p1, p2, true, immediate = false);
    initialState(q1);
    transition(q1, q2, true);
  end Work;
  block Done
  end Done;
  Work work;
  Done done;
equation
  initialState(work);
  transition(work, done, true, immediate = false, synchronize = true);
  transition(done, work, true, immediate = false);
end HierarchySynchronize;
