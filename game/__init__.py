"""Secret Salon: five hidden-identity party games for one TV and a sofa of gamepads."""
