print("navbench")
