// Outputs of two mutually exclusive states connected to one input
// (section "Merging Connections to Multiple Outputs"), and activeState()
// read outside the machine.
model ConnectedOutputs
  connector IntegerOutput = output Integer;
  connector IntegerInput = input Integer;
  block Up
    IntegerOutput y;
  equation
    y = 1;
  end Up;
  block Down
    IntegerOutput y;
  equation
    y = -1;
  end Down;
  block Sink
    IntegerInput u;
  end Sink;
  Up up;
  Down down;
  Sink sink;
  Boolean goingUp = activeState(up);
equation
  connect(up.y, sink.u);
  connect(down.y, sink.u);
  initialState(up);
  transition(up, down, true, immediate = false);
  transition(down, up, true, immediate = false);
end ConnectedOutputs;
