// The chapter's example (section "Example" of "State Machine Semantics"),
// with its state1 -> state2 transition written as the chapter suggests:
// `synchronize = true` with condition `true` instead of testing
// activeState(state1.stateD) and activeState(state1.stateY).
block ChapterExampleSynchronized
  inner Integer v(start=0);
  State1 state1;
  State2 state2;
equation
  initialState(state1);
  transition(state1, state2, true, immediate=false, synchronize=true);
  transition(state2, state1, v >= 20, immediate=false);
public
  block State1
    inner Integer count(start=0);
    inner outer output Integer v;
    block StateA
      outer output Integer v;
    equation
      v = previous(v) + 2;
    end StateA;
    StateA stateA;
    block StateB
      outer output Integer v;
    equation
      v = previous(v) - 1;
    end StateB;
    StateB stateB;
    block StateC
      outer output Integer count;
    equation
      count = previous(count) + 1;
    end StateC;
    StateC stateC;
    block StateD
    end StateD;
    StateD stateD;
  equation
    initialState(stateA);
    transition(stateA, stateB, v >= 6, immediate=false);
    transition(stateB, stateC, v == 0, immediate=false);
    transition(stateC, stateA, true, immediate=false, priority=2);
    transition(stateC, stateD, count >= 2, immediate=false);
  public
    block StateX
      outer input Integer v;
      Integer i(start=0);
      Integer w;
    equation
      i = previous(i) + 1;
      w = v;
    end StateX;
    StateX stateX;
    block StateY
      Integer j(start=0);
    equation
      j = previous(j) + 1;
    end StateY;
    StateY stateY;
  equation
    initialState(stateX);
    transition(stateX, stateY, stateX.i > 20, immediate=false, reset=false);
  end State1;
  block State2
    outer output Integer v;
  equation
    v = previous(v) + 5;
  end State2;
end ChapterExampleSynchronized;
