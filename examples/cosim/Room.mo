model Room "A room warmed by a heater that someone else switches"
  parameter Real ambient = 10 "temperature the room tends to with the heater off";
  parameter Real heater = 40 "temperature the room tends to with the heater on";
  parameter Real tau = 5 "time constant of the room";
  input Boolean heating(start = true) "heater switch";
  output Real T(start = 15, fixed = true) "room temperature";
equation
  tau * der(T) = (if heating then heater else ambient) - T;
end Room;
