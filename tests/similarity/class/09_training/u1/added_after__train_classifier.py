# source: written for this set
import matplotlib.pyplot as plt
X_demo, y_demo = autograd_lib.data.make_moons(200, noise=0.1, seed=0)
model_demo, losses_demo = train_classifier(X_demo, y_demo, steps=50)
plt.plot(losses_demo)
plt.xlabel("step")
plt.ylabel("loss")
plt.title("my training curve")
