// The chapter's "semantically equivalent model" of its example, written
// with StateMachineSemantics instead of transition()/initialState().
// The chapter's listing is a sketch; these are the corrections that make
// it a valid model which keeps its meaning (each also marked below):
//  - StateMachineSemantics declares `inFinalState` (set by the users of the
//    model) and honours `synchronize`: such a transition's condition also
//    requires inFinalState, as the chapter's section on synchronize says;
//  - active, reset and c are plain variables, not inputs, since the
//    extending blocks give them equations (a top-level input would be an
//    FMU input);
//  - the inner machine of state1 leaves stateX on `i > 20`, the condition
//    of the example (the listing says `i > 25`);
//  - the class name at the end matches the one at the start.
package ChapterExampleHandLowered
  record Transition
    Integer from;
    Integer to;
    Boolean immediate = true;
    Boolean reset = true;
    Boolean synchronize = false;
    Integer priority = 1;
  end Transition;

  model StateMachineSemantics "Semantics of state machines"
    parameter Integer nStates;
    parameter Transition t[:] "Array of transition data sorted in priority";
    Boolean c[size(t, 1)] "Transition conditions sorted in priority";
    Boolean active "true if the state machine is active";
    Boolean reset "true when the state machine should be reset";
    Boolean inFinalState "every machine inside the active state is in a final state";
    Integer selectedState = if reset then 1 else previous(nextState);
    Boolean selectedReset = if reset then true else previous(nextReset);
    // For strong (immediate) and weak (delayed) transitions; a synchronize
    // transition is enabled only when inFinalState holds.
    Integer immediate = max(if (if t[i].immediate and t[i].from == selectedState
      then c[i] and (inFinalState or not t[i].synchronize) else false) then i else 0 for i in 1:size(t, 1));
    Integer delayed = max(if (if not t[i].immediate and t[i].from == nextState
      then c[i] and (inFinalState or not t[i].synchronize) else false) then i else 0 for i in 1:size(t, 1));
    Integer fired = max(previous(delayed), immediate);
    output Integer activeState = if reset then 1 elseif fired > 0 then t[fired].to else selectedState;
    output Boolean activeReset = if reset then true elseif fired > 0 then t[fired].reset else selectedReset;
    // Update states
    Integer nextState = if active then activeState else previous(nextState);
    Boolean nextReset = if active then false else previous(nextReset);
    // Delayed resetting of individual states
    output Boolean activeResetStates[nStates] = {if reset then true else
      previous(nextResetStates[i]) for i in 1:nStates};
    Boolean nextResetStates[nStates] = if active then {if activeState == i then false
      else activeResetStates[i] for i in 1:nStates} else previous(nextResetStates);
    Boolean finalStates[nStates] = {max(if t[j].from == i then 1 else 0 for j in 1:size(t, 1)) == 0 for i in 1:nStates};
    Boolean stateMachineInFinalState = finalStates[activeState];
  end StateMachineSemantics;

  block HierarchicalAndParallelStateMachine
    extends StateMachineSemantics(
      nStates=2,
      t={Transition(from=1, to=2, immediate=false, synchronize=true),
         Transition(from=2, to=1, immediate=false)},
      c={true, v >= 20});
    Boolean init(start=true) = sample(false);
    block State1
      Boolean active;
      Boolean reset;
      outer input Integer v_previous;
      inner output Integer v;
      inner Integer count(start=0);
      inner Integer count_previous = if reset then 0 else previous(count);
      block StateMachineOf_stateA
        extends StateMachineSemantics(
          nStates=4,
          t={Transition(from=1, to=2, immediate=false),
             Transition(from=2, to=3, immediate=false),
             Transition(from=3, to=1, immediate=false),
             Transition(from=3, to=4, immediate=false)},
          c={v >= 6, v == 0, true, count >= 2});
        outer input Integer v_previous;
        outer output Integer v;
        outer input Integer count_previous;
        outer output Integer count;
      equation
        inFinalState = true; // no macro states
        if activeState == 1 then
          // equations for stateA
          v = v_previous + 2;
          count = count_previous;
        elseif activeState == 2 then
          // equations for stateB
          v = v_previous - 1;
          count = count_previous;
        elseif activeState == 3 then
          // equations for stateC
          v = v_previous;
          count = count_previous + 1;
        else // if activeState == 4 then
          // equations for stateD
          v = v_previous;
          count = count_previous;
        end if;
      end StateMachineOf_stateA;
      StateMachineOf_stateA stateMachineOf_stateA(active=active, reset=reset);
      block StateMachineOf_stateX
        extends StateMachineSemantics(
          nStates=2,
          t={Transition(from=1, to=2, immediate=false, reset=false)},
          c={i > 20}); // the example's condition (the chapter's listing says i > 25)
        outer input Integer v;
        Integer i(start=0);
        Integer i_previous;
        Integer j(start=0);
        Integer j_previous;
        Integer w;
      equation
        inFinalState = true; // no macro states
        if activeState == 1 then
          // equations for stateX
          i_previous = if activeReset or activeResetStates[1] then 0 else previous(i);
          j_previous = previous(j);
          i = i_previous + 1;
          w = v;
          j = j_previous;
        else // if activeState == 2 then
          // equations for stateY
          i_previous = previous(i);
          j_previous = if activeReset or activeResetStates[2] then 0 else previous(j);
          i = i_previous;
          w = previous(w);
          j = j_previous + 1;
        end if;
      end StateMachineOf_stateX;
      StateMachineOf_stateX stateMachineOf_stateX(active=active, reset=reset);
      Boolean inFinalState = stateMachineOf_stateA.stateMachineInFinalState and
        stateMachineOf_stateX.stateMachineInFinalState;
    end State1;
    State1 state1;
    Integer v(start=0);
    inner Integer v_previous = if reset then 0 else previous(v);
  equation
    active = true;
    reset = previous(init);
    if activeState == 1 then
      // equations for state1
      inFinalState = state1.inFinalState;
      state1.active = true;
      state1.reset = activeReset or activeResetStates[1];
      v = state1.v;
    else // if activeState == 2 then
      // equations for state2
      inFinalState = true; // not macro state
      state1.active = false;
      state1.reset = false;
      v = previous(v) + 5;
    end if;
  end HierarchicalAndParallelStateMachine;
end ChapterExampleHandLowered;
