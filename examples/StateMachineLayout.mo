model StateMachineLayout
  "The chapter's recommended layout of a state machine (spec 17.2, figure 'Recommended layout'): five transitions, from left to right immediate = true, false, true, false, true; reset = true, true, false, false, true; synchronize = false, false, false, false, true; priority = 1 to 5. The conditions read previous(x): a condition on x itself would make an immediate transition depend on the equations of the state it leaves, an algebraic loop. Draw it with `smc diagram`."
  inner Integer x(start = 0);
  block Up
    outer output Integer x;
  equation
    x = previous(x) + 1;
  end Up;
  block Down
    outer output Integer x;
  equation
    x = previous(x) - 1;
  end Down;
  Up state1 annotation(Placement(transformation(origin = {40, 60}, extent = {{-110, -10}, {110, 10}})));
  Down state2 annotation(Placement(transformation(origin = {40, -26}, extent = {{-110, -10}, {110, 10}})));
equation
  initialState(state1) annotation(Line(points = {{-100, 60}, {-70, 60}}, color = {175, 175, 175}));
  // The chapter's own example annotation (section "State Machine Graphics").
  transition(state2, state1, previous(x) < 10, immediate = true, reset = true, synchronize = false, priority = 1)
    annotation(
      Line(points = {{-40, -16}, {-36, -4}, {-32, 8}, {-40, 26}, {-40, 32}, {-46, 50}},
        color = {175, 175, 175}, thickness = 0.25, smooth = Smooth.Bezier),
      Text(string = "%condition", extent = {{4, -4}, {4, -10}}, fontSize = 10,
        textStyle = {TextStyle.Bold}, textColor = {95, 95, 95}, horizontalAlignment = TextAlignment.Left));
  transition(state1, state2, previous(x) > 20, immediate = false, reset = true, synchronize = false, priority = 2)
    annotation(
      Line(points = {{0, 50}, {4, 38}, {-4, 24}, {0, 8}, {0, -16}},
        color = {175, 175, 175}, thickness = 0.25, smooth = Smooth.Bezier),
      Text(string = "%condition", extent = {{4, -4}, {4, -10}}, fontSize = 10,
        textColor = {95, 95, 95}, horizontalAlignment = TextAlignment.Left));
  transition(state2, state1, previous(x) < 5, immediate = true, reset = false, synchronize = false, priority = 3)
    annotation(
      Line(points = {{40, -16}, {44, 4}, {36, 24}, {40, 50}},
        color = {175, 175, 175}, thickness = 0.25, smooth = Smooth.Bezier),
      Text(string = "%condition", extent = {{4, -4}, {4, -10}}, fontSize = 10,
        textColor = {95, 95, 95}, horizontalAlignment = TextAlignment.Left));
  transition(state1, state2, previous(x) >= 30, immediate = false, reset = false, synchronize = false, priority = 4)
    annotation(
      Line(points = {{80, 50}, {84, 30}, {76, 10}, {80, -16}},
        color = {175, 175, 175}, thickness = 0.25, smooth = Smooth.Bezier),
      Text(string = "%condition", extent = {{4, -4}, {4, -10}}, fontSize = 10,
        textColor = {95, 95, 95}, horizontalAlignment = TextAlignment.Left));
  // The text sits away from the transition: a dimmed line joins them.
  transition(state2, state1, previous(x) <= 0, immediate = true, reset = true, synchronize = true, priority = 5)
    annotation(
      Line(points = {{120, -16}, {124, 6}, {116, 28}, {120, 50}},
        color = {175, 175, 175}, thickness = 0.25, smooth = Smooth.Bezier),
      Text(string = "%condition", extent = {{24, -22}, {24, -28}}, fontSize = 10,
        textColor = {95, 95, 95}, horizontalAlignment = TextAlignment.Left));
end StateMachineLayout;
